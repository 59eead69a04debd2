import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/gcu': 'http://localhost:3000',
      '/pdp': 'http://localhost:3000',
      '/user.usercontroller': 'http://localhost:3000',
      '/blob': 'http://localhost:3000',
      '/favori.FavoriController': 'http://localhost:3000',
      '/user/speach': 'http://localhost:3000',
    },
  },
});
