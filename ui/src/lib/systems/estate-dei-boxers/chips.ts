// What a zone holds, as the chips drawn along its foot: the defenders' points (★ when officers lead them),
// guns (⚙) and civilian points in the defenders' colour, the Boxers' points in red (★ when led).

import type { Holding } from './view';

export interface Chip {
  kind: 'soldiers' | 'guns' | 'civilians' | 'boxers';
  text: string;
  title: string;
}

export function chipsOf(holds: Holding): Chip[] {
  const out: Chip[] = [];
  if (holds.soldiers > 0 || holds.officers > 0)
    out.push({
      kind: 'soldiers',
      text: `${holds.soldiers || ''}${holds.officers > 0 ? '★' : ''}`,
      title: `${holds.soldiers} defender points${holds.officers > 0 ? `, ${holds.officers} officer${holds.officers === 1 ? '' : 's'}` : ''}`,
    });
  if (holds.guns > 0) out.push({ kind: 'guns', text: `⚙${holds.guns}`, title: `${holds.guns} gun${holds.guns === 1 ? '' : 's'}` });
  if (holds.civilians > 0) out.push({ kind: 'civilians', text: `${holds.civilians}`, title: `${holds.civilians} civilian points` });
  if (holds.boxers > 0)
    out.push({
      kind: 'boxers',
      text: `${holds.boxers}${holds.leaders > 0 ? '★' : ''}`,
      title: `${holds.boxers} Boxer points${holds.leaders > 0 ? ', led' : ''}`,
    });
  return out;
}
