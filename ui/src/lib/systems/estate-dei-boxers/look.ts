// How the zone map is coloured and labelled. A light paper map under dark chips, so a counter's points read
// from across the table; legations tinted by their nation, the rest by terrain.

import type { Zone } from './view';

const TERRAIN: Record<Zone['terrain'], { fill: string; name: string }> = {
  legation: { fill: '#d8d2c2', name: 'legation' },
  street: { fill: '#ebe3cd', name: 'street' },
  canal: { fill: '#8fb4d6', name: 'the Jade Canal (dry)' },
  bridge: { fill: '#c9b98f', name: 'bridge' },
  wall: { fill: '#9c8c74', name: 'the Tartar Wall' },
  ramp: { fill: '#b3a286', name: 'ramp up the wall' },
  houses: { fill: '#cdbb95', name: 'houses' },
  fu: { fill: '#c7c49a', name: 'the Fu (Prince Su’s palace)' },
};

// Pale enough that the chips and labels stay dark-on-light; distinct enough to tell neighbours apart.
const NATION: Record<NonNullable<Zone['nation']>, { tint: string; edge: string; name: string }> = {
  britain: { tint: '#bccbe6', edge: '#35558f', name: 'British' },
  france: { tint: '#d3c6ea', edge: '#5d4791', name: 'French' },
  russia: { tint: '#cde2bf', edge: '#4c7a36', name: 'Russian' },
  usa: { tint: '#b9e0dc', edge: '#2f7a72', name: 'American' },
  germany: { tint: '#e0e0e0', edge: '#4e4e4e', name: 'German' },
  italy: { tint: '#c4e6b0', edge: '#3f7d2a', name: 'Italian' },
  japan: { tint: '#f2cccc', edge: '#9a3b3b', name: 'Japanese' },
  austria: { tint: '#f0e2ac', edge: '#8a7420', name: 'Austrian' },
  belgium: { tint: '#e9d79a', edge: '#7f6a1d', name: 'Belgian' },
  spain: { tint: '#f2cfac', edge: '#9a5a22', name: 'Spanish' },
  netherlands: { tint: '#f5cd9f', edge: '#a4581a', name: 'Dutch' },
  volunteers: { tint: '#d9d2c4', edge: '#5a5040', name: 'volunteers' },
};

export function fillOf(zone: Zone): string {
  return zone.terrain === 'legation' && zone.nation ? NATION[zone.nation].tint : TERRAIN[zone.terrain].fill;
}

export function edgeOf(zone: Zone): string {
  return zone.terrain === 'legation' && zone.nation ? NATION[zone.nation].edge : '#6b5f4b';
}

export function terrainName(zone: Zone): string {
  if (zone.terrain === 'legation' && zone.nation) return `${zone.major ? 'major' : 'minor'} ${NATION[zone.nation].name} legation`;
  return TERRAIN[zone.terrain].name;
}

export function nationName(nation: Zone['nation']): string {
  return nation ? NATION[nation].name : '';
}

/** What the victory bands are called, as a player says them. */
export function bandName(band: string): string {
  return band.replaceAll('_', ' ');
}

// The bands from the Great Powers' worst to their best, red through sand to blue: apart in a dim room, and
// in order for an eye that tells red from green poorly. Bright enough on the dark panels, never a text colour.
const BAND_COLOUR: Record<string, string> = {
  disaster: '#e0554b',
  defeat: '#e8924a',
  'marginal victory': '#dcc463',
  victory: '#8cc474',
  'great victory': '#5caee0',
};

/** A victory band's colour in the forecast's bars. */
export function bandColour(band: string): string {
  return BAND_COLOUR[bandName(band)] ?? '#8a857a';
}
