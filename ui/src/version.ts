// The workspace's version (../Cargo.toml), put in by Vite at build time (vite.config.ts).
declare const __SANDTABLE_VERSION__: string;

export const VERSION: string = __SANDTABLE_VERSION__;
