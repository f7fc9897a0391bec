// Which tap-to-explain bubble is open: one at a time, so a second tap elsewhere swaps rather than stacks.
let open = $state<symbol | null>(null);

export const tips = {
  isOpen: (id: symbol) => open === id,
  toggle: (id: symbol) => (open = open === id ? null : id),
  close: (id: symbol) => {
    if (open === id) open = null;
  },
};
