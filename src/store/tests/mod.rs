mod campaigns;
mod events;
mod games;
mod guard;
mod open;
mod postgres_guard;
mod schemas;
mod support;
