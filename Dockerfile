FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/learner/package.json web/learner/
COPY web/admin/package.json web/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
# SCORM packages ship the ADL schema set (backend/scorm/xsd), read at run time.
COPY --from=build /app/backend/scorm/xsd backend/scorm/xsd
COPY --from=build /app/web/learner/dist web/learner/dist
COPY --from=build /app/web/admin/dist web/admin/dist
COPY --from=build /app/package.json package.json
EXPOSE 3000
# A young generation of 128 MB: with gigabytes of read models in the heap every scavenge has a fixed
# cost of tens of milliseconds, so fewer, larger ones (docs/performance.md, "Garbage collection").
CMD ["node", "dist/backend/main.js"]
