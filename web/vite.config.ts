import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// `npm run dev` serves the client and forwards /api (HTTP and the game
// WebSockets) to an `epic serve` running on port 8080.
export default defineConfig({
  base: "/",
  plugins: [react()],
  server: {
    proxy: {
      "/api": {
        target: "http://localhost:8080",
        ws: true,
      },
    },
  },
  build: {
    outDir: "dist",
  },
});
