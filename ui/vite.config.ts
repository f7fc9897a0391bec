import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// One version for everything: the workspace's, in ../Cargo.toml, which the command line and the packages
// read too. The page shows it on its About line.
const cargo = readFileSync(new URL('../Cargo.toml', import.meta.url), 'utf8');
const version = /\[workspace\.package\][^[]*?\nversion = "([^"]+)"/.exec(cargo)?.[1];
if (!version) throw new Error("../Cargo.toml: no version in [workspace.package]");

// `npm run dev` forwards the engine's commands to a `sandtable serve` already running on 8787, so the
// browser transport works the same in development as when serve hosts ui/dist itself.
const engine = process.env.SANDTABLE_SERVE ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [svelte()],
  define: { __SANDTABLE_VERSION__: JSON.stringify(version) },
  clearScreen: false,
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': engine },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
