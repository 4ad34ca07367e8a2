# LawGuide's image: built in one stage, run from a second that holds only the compiled server, the
# built web client and the production dependencies, as the unprivileged `node` user.
# tests/scale/image.scale.test.ts runs these very steps (without a container) and starts the result.
#
#   docker build -t lawguide .
#   docker run -p 3000:3000 -v lawguide-data:/app/data lawguide                     # embedded database
#   docker run -p 3000:3000 -e DATABASE_URL=... -e AUTH_SECRET=... -e ADMIN_PASSWORD=... lawguide

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
# glibc keeps a freed block of 32 MB (each password hash) in its arenas unless large blocks are
# mapped on their own: ~30-90 MB less resident memory (decision 017).
ENV PORT=3000 DATA_DIR=/app/data MALLOC_MMAP_THRESHOLD_=1048576
COPY package.json package-lock.json ./
# --omit=optional too: better-auth names vitest and drizzle-kit as optional peers, which keeps them
# (and vite, esbuild, tsx) in a production install otherwise; nothing optional is needed to run.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "--enable-source-maps", "dist/server/main.js"]
