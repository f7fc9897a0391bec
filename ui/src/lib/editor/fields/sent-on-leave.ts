// A box the player types in is written to the draft when they leave it (or press Enter), as a form does;
// while they are still in it, what they typed is held with the unsent changes, so a tap on Save (or
// Ctrl+S) writes it first instead of saving the file without it. A box taken off the screen with typing
// still in it sends that typing rather than losing it. Typing the draft could not take (words that do
// not read, a change the engine refused) stays held, so no save goes on as if the box held nothing.
import type { Attachment } from 'svelte/attachments';
import { unsent } from '../unsent.svelte';

export function sentOnLeave(send: (typed: string) => Promise<boolean> | undefined): Attachment<HTMLInputElement | HTMLTextAreaElement> {
  return (box) => {
    const owner = Symbol('typed box');
    // What was last sent from this box: the change event that follows a send made for a save repeats it.
    let sent: string | null = null;
    let onScreen = true;
    const go = (): Promise<boolean> | undefined => {
      unsent.drop(owner);
      if (box.value === sent) return undefined;
      const typedNow = (sent = box.value);
      const change = send(typedNow)?.then((taken) => {
        if (!taken && onScreen && box.value === typedNow) {
          sent = null;
          unsent.hold(owner, go);
        }
        return taken;
      });
      unsent.track(change);
      return change;
    };
    const typed = () => {
      sent = null;
      unsent.hold(owner, go);
    };
    box.addEventListener('input', typed);
    box.addEventListener('change', go);
    return () => {
      onScreen = false;
      box.removeEventListener('input', typed);
      box.removeEventListener('change', go);
      if (unsent.holds(owner)) go();
    };
  };
}
