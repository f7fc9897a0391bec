mod campaigns;
mod events;
mod games;
mod guard;
mod open;
mod schemas;
mod support;
