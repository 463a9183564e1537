#!/usr/bin/env bash
# The Dockerfile's image without a container runtime (issue 21): for machines with no Docker
# daemon, where `docker build` cannot run. It does what the Dockerfile's stages do, with the same
# commands, into a temporary folder that holds only what the runtime stage copies:
#   2. build:     the web app and the server bundle (SKIP_PGLITE_TEMPLATE=1, as in the image);
#   3. prod-deps: `npm ci --omit=dev -w @valoriza/server --include-workspace-root=false` from the
#                 lock file and the four package.json files only;
#   4. runtime:   node_modules from 3, the bundle (with its entry, map and code cache), drizzle/ and
#                 the web app's dist, nothing else;
# then starts TWO replicas of it at once as a non-root user (nobody), NODE_ENV=production, on a new
# empty PostgreSQL database (both run the migrations at boot), waits for GET /api/health/ready on
# both (the image's HEALTHCHECK), signs a person up on one and in on the other, checks that both
# compiled the bundle from the build's code cache, that what loads on first use works (the sign-up's
# mail through nodemailer, the identity check's images through sharp), and checks /metrics.
# What it cannot show: the base image (node:22-bookworm-slim) and Docker's own steps.
#   bash apps/server/scripts/image-dry-run.sh        (PG_URL, default postgres://root@127.0.0.1:5432/test)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
PG_URL=${PG_URL:-postgres://root@127.0.0.1:5432/test}
WORK=$(mktemp -d /tmp/vz-image-XXXX)
DB="vz_image_$$"
PIDS=()
# One SQL statement on a database, through the checkout's `pg` (psql may not be installed); prints rows.
sql() {
  node -e 'const {Client}=require("pg");const c=new Client({connectionString:process.argv[1]});
c.connect().then(()=>c.query(process.argv[2])).then((r)=>{for(const row of r.rows||[])console.log(Object.values(row).join("|"));return c.end();})
.catch((e)=>{console.error(e.message);process.exit(1);});' "$1" "$2"
}
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  (cd "$ROOT" && sql "$PG_URL" "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null 2>&1) || true
  rm -rf "$WORK"
}
trap cleanup EXIT
cd "$ROOT"

echo "== 2. build"
npm run build -w @valoriza/web >/dev/null
SKIP_PGLITE_TEMPLATE=1 node apps/server/scripts/build.mjs >/dev/null

echo "== 3. prod-deps (npm ci --omit=dev)"
DEPS="$WORK/prod-deps"
mkdir -p "$DEPS/packages/domain" "$DEPS/apps/server" "$DEPS/apps/web"
cp package.json package-lock.json "$DEPS/"
cp packages/domain/package.json "$DEPS/packages/domain/"
cp apps/server/package.json "$DEPS/apps/server/"
cp apps/web/package.json "$DEPS/apps/web/"
(cd "$DEPS" && npm ci --omit=dev --no-audit --no-fund -w @valoriza/server --include-workspace-root=false >/dev/null 2>&1)

echo "== 4. runtime (only what the Dockerfile copies)"
APP="$WORK/app"
mkdir -p "$APP/apps/server/dist" "$APP/apps/web" "$WORK/data"
cp -a "$DEPS/node_modules" "$APP/node_modules"
cp package.json "$APP/package.json"
cp apps/server/package.json "$APP/apps/server/package.json"
cp apps/server/dist/server.mjs apps/server/dist/server.cjs apps/server/dist/server.cjs.map \
  apps/server/dist/server.cjs.cache "$APP/apps/server/dist/"
cp -a apps/server/drizzle "$APP/apps/server/drizzle"
cp -a apps/web/dist "$APP/apps/web/dist"
chmod -R a+rX "$WORK"
# As root, the replicas run as nobody (the image runs as node); otherwise as this non-root user.
AS=()
if [ "$(id -u)" = 0 ]; then
  AS=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  chown nobody "$WORK/data"
fi
echo "   runtime: $(du -sh "$APP" | cut -f1), node_modules $(du -sh "$APP/node_modules" | cut -f1)"

sql "$PG_URL" "CREATE DATABASE \"$DB\"" >/dev/null
DB_URL=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "$PG_URL" "$DB")

echo "== two replicas at once, as a non-root user, on a new database"
# Two ports the kernel reports free (a random pick once landed on a port in use: EADDRINUSE).
read -r -a PORTS <<<"$(node -e '
const net = require("node:net");
const ports = [];
const open = () => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    ports.push(s.address().port);
    if (ports.length < 2) open();
    else (console.log(ports.join(" ")), process.exit(0));
  });
};
open();')"
for i in 1 2; do
  port=${PORTS[$((i - 1))]}
  (cd "$APP" && exec "${AS[@]}" env -i PATH="$PATH" HOME=/tmp \
    NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$WORK/data" SEED_DEMO=0 LOG_LEVEL=warn \
    VALORIZA_CODE_CACHE_DEBUG=1 \
    DATABASE_URL="$DB_URL" JWT_SECRET=una-clave-de-prueba-de-al-menos-32-caracteres \
    node apps/server/dist/server.mjs >"$WORK/replica-$i.log" 2>&1) &
  PIDS+=("$!")
done
ready() { curl -fs -o /dev/null "http://127.0.0.1:$1/api/health/ready"; }
for i in 0 1; do
  for _ in $(seq 1 300); do ready "${PORTS[$i]}" && break || sleep 0.2; done
  if ! ready "${PORTS[$i]}"; then
    echo "replica $((i + 1)) not ready:"
    cat "$WORK/replica-$((i + 1)).log"
    exit 1
  fi
  echo "   replica $((i + 1)): /api/health/ready 200 (user $(ps -o user= -p "$(pgrep -P "${PIDS[$i]}" node || echo "${PIDS[$i]}")" 2>/dev/null || echo '?'))"
done
migrations=$(sql "$DB_URL" "select count(*) from drizzle.__drizzle_migrations")
echo "   migrations applied once: $migrations rows in drizzle.__drizzle_migrations ($(ls apps/server/drizzle/*.sql | wc -l) files)"

email="imagen-$$@valoriza.test"
code=$(curl -s -o "$WORK/r1.json" -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"name\":\"Imagen\",\"apellido\":\"Prueba\",\"email\":\"$email\",\"password\":\"clave-larga-123\",\"aceptaTerminos\":true}" \
  "http://127.0.0.1:${PORTS[0]}/api/users/register")
[ "$code" = 201 ] || { echo "register on replica 1: $code $(cat "$WORK/r1.json")"; exit 1; }
code=$(curl -s -o "$WORK/r2.json" -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"clave-larga-123\"}" "http://127.0.0.1:${PORTS[1]}/api/users/login")
[ "$code" = 200 ] || { echo "login on replica 2: $code $(cat "$WORK/r2.json")"; exit 1; }
echo "   signed up on replica 1 (201), signed in on replica 2 (200)"
# The bundle ran with the code cache the build wrote (read-only here: the replicas cannot replace it).
for i in 1 2; do
  grep -q '^valoriza code cache: compiled$' "$WORK/replica-$i.log" ||
    { echo "replica $i did not use the build's code cache:"; cat "$WORK/replica-$i.log"; exit 1; }
done
echo "   both replicas compiled the bundle from the build's code cache"
# What the bundle loads on first use works in this layout: nodemailer (the sign-up's mail, written
# to DATA_DIR/correo without SMTP_URL) and sharp (the identity check's two images).
for _ in $(seq 1 100); do ls "$WORK/data/correo/"*.eml >/dev/null 2>&1 && break || sleep 0.2; done
token=$(cd "$APP" && node -e '
  const fs = require("node:fs");
  const dir = process.argv[1];
  const text = fs.readdirSync(dir).map((f) => fs.readFileSync(`${dir}/${f}`, "utf8")).join("\n");
  const plain = text.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  console.log(/verificar-email\?token=([A-Za-z0-9_-]+)/.exec(plain)?.[1] ?? "");
' "$WORK/data/correo")
[ -n "$token" ] || { echo "no verification mail in DATA_DIR/correo"; ls -la "$WORK/data/correo" 2>&1; exit 1; }
code=$(curl -s -o "$WORK/r3.json" -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"token\":\"$token\"}" "http://127.0.0.1:${PORTS[1]}/api/users/verificar-email")
[ "$code" = 200 ] || { echo "verify e-mail: $code $(cat "$WORK/r3.json")"; exit 1; }
auth=$(node -e 'console.log(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).data.token)' "$WORK/r2.json")
(cd "$APP" && node -e '
  require("sharp")({ create: { width: 64, height: 48, channels: 3, background: "#c33" } }).png().toBuffer().then((b) => {
    const img = `data:image/png;base64,${b.toString("base64")}`;
    const body = { tipoDocumento: "CC", numeroDocumento: "1234567", fotoDocumento: img, selfie: img };
    require("node:fs").writeFileSync(process.argv[1], JSON.stringify(body));
  });
' "$WORK/identidad.json")
code=$(curl -s -o "$WORK/r4.json" -w '%{http_code}' -H 'content-type: application/json' -H "authorization: Bearer $auth" \
  -d @"$WORK/identidad.json" "http://127.0.0.1:${PORTS[0]}/api/verificacion/identidad")
[ "$code" = 201 ] || { echo "identity images: $code $(cat "$WORK/r4.json")"; exit 1; }
echo "   the sign-up's mail was written (nodemailer) and the identity images decoded (sharp): 201"
# Bodies go to a file first: `curl | grep -q` fails under pipefail whenever grep stops reading
# before curl has written everything (curl: (23) Failed writing body; seen on CI, 2026-11-29).
curl -fsS -o "$WORK/index.html" "http://127.0.0.1:${PORTS[1]}/" && grep -q '<div id="root"' "$WORK/index.html" ||
  { echo "GET / did not serve the web app"; exit 1; }
echo "   the web app is served (GET / 200)"
curl -fsS -o "$WORK/metrics.txt" "http://127.0.0.1:${PORTS[0]}/metrics" &&
  grep -q '^http_request_duration_seconds_bucket' "$WORK/metrics.txt" ||
  { echo "/metrics did not answer in Prometheus format"; exit 1; }
echo "   /metrics answers in Prometheus format"
echo "image dry run: ok"
