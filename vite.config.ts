import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const here = import.meta.dirname;

/** In development, serve the landing page's own entry at /welcome, as the server does. */
const landingPage: Plugin = {
  name: "lawguide-landing-page",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === "/welcome" || req.url?.startsWith("/welcome?"))
        req.url = req.url.replace("/welcome", "/welcome.html");
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), landingPage],
  resolve: {
    alias: {
      "@shared": path.join(here, "src/shared"),
      "@client": path.join(here, "src/client"),
    },
  },
  publicDir: "public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    // The server reads the manifest to preload each page's own chunk with the HTML.
    manifest: true,
    rollupOptions: {
      // Two pages: the app, and the landing page with its own small entry.
      input: { index: path.join(here, "index.html"), welcome: path.join(here, "welcome.html") },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
      "/dev": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
});
