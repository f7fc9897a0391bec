// How the siege's actions are named on a unit's card, by the action's `type`.

export const ACTION_LABEL: Record<string, string> = {
  move: 'Move',
  charge: 'Charge',
  fire: 'Fire',
  withdraw: 'Withdraw',
  turn_gun: 'Turn gun',
  combine: 'Combine',
  crew: 'Crew a gun',
  rejoin: 'Rejoin a squad',
  special: 'Special action',
};

export const labelOf = (action: string): string => ACTION_LABEL[action] ?? action.replaceAll('_', ' ');
