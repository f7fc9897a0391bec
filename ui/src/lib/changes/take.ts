import type { ViewChange } from '../../bindings';
import type { View } from '../model';
import { patched, type Patch } from './patch';

/**
 * Whether `held` now is the view `change` makes: made in place when it is the version the change is from,
 * already so when it is the version the change makes. False when it is another (a change missed, the
 * game renamed), or the patch does not fit: the caller then reads the whole view.
 */
export function take(held: View | null, change: ViewChange): boolean {
  if (!held || held.id !== change.game) return false;
  if (held.version === change.to) return true;
  if (held.version !== change.from) return false;
  if (change.patch === null) return true;
  try {
    patched(held, change.patch as Patch);
  } catch (error) {
    console.warn('a change did not fit the view held; reading it whole', error);
    return false;
  }
  return held.version === change.to;
}
