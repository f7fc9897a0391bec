import { commands, type ApiError, type JoinInfo_Serialize, type Seat, type SeatJoin_Serialize as SeatJoin } from '../../bindings';
import { notices } from '../notice.svelte';
import { overHttp } from '../../transport';

type Answer<T> = { status: 'ok'; data: T } | { status: 'error'; error: ApiError };

/** The host's own routes of `sandtable serve`, which only the host's machine is answered on. */
async function hostRoute<T = JoinInfo>(path: string, args: object = {}): Promise<Answer<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = await response.json();
    return response.ok ? { status: 'ok', data: body as T } : { status: 'error', error: body as ApiError };
  } catch (e) {
    return { status: 'error', error: { kind: 'internal', message: String(e), rule: null } };
  }
}

export type JoinInfo = JoinInfo_Serialize;

/** The host's table as the window knows it: closed (null), or open with what the room needs to join. */
class TableOpening {
  info = $state<JoinInfo | null>(null);
  busy = $state(false);

  async load() {
    const r = await commands.tableOpenStatus();
    if (r.status === 'ok') this.info = r.data;
    else notices.fromError(r.error);
  }

  async open() {
    await this.run(async () => {
      const r = await commands.openTable(true);
      if (r.status === 'ok') this.info = r.data;
      else notices.fromError(r.error);
    });
  }

  async close() {
    await this.run(async () => {
      const r = await commands.closeTable();
      if (r.status === 'ok') this.info = null;
      else notices.fromError(r.error);
    });
  }

  /** A host in a browser on the host's machine, whose table `sandtable serve --lan` opened: how to join. */
  async loadServed() {
    const r = await hostRoute('/host/join');
    if (r.status === 'ok') this.info = r.data;
  }

  async renewCode() {
    await this.run(async () => {
      const r = overHttp ? await hostRoute('/host/new-code') : await commands.renewTableCode();
      if (r.status === 'ok') {
        this.info = r.data;
        notices.show('info', `New join code ${r.data.code}: every device that had joined must join again.`);
      } else notices.fromError(r.error);
    });
  }

  /** A side's own code (issued the first time it is asked for): a device joining with it sits at that side
   * and nowhere else. */
  async giveSeatCode(seat: Seat) {
    await this.run(async () => {
      const r = overHttp ? await hostRoute<SeatJoin>('/host/seat-code', { seat }) : await commands.tableSeatCode(seat);
      if (r.status === 'error') return notices.fromError(r.error);
      const info = this.info;
      if (info && !info.sides.some((s) => s.code === r.data.code)) this.info = { ...info, sides: [...info.sides, r.data] };
    });
  }

  // One change at a time: a second press while the server starts would open it twice.
  private async run(change: () => Promise<void>) {
    if (this.busy) return;
    this.busy = true;
    try {
      await change();
    } finally {
      this.busy = false;
    }
  }
}

export const tableOpening = new TableOpening();
