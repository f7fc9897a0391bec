import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// `npm run dev` forwards the engine's commands to a `sandtable serve` already running on 8787, so the
// browser transport works the same in development as when serve hosts ui/dist itself.
const engine = process.env.SANDTABLE_SERVE ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [svelte()],
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
