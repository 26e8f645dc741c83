import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { criticalCss } from './scripts/critical-css.js';
import { precompress } from './scripts/precompress.js';

/**
 * Lets the bundler drop the react-router components the app does not use (first load, docs/notes/web-performance.md). The router's build
 * defines them as `var Link = React.forwardRef(...)` followed by `Link.displayName = "Link"`: a call not marked pure and
 * a property write, which the tree-shaker must keep, so Link, NavLink and Form (with their framework-mode prefetching,
 * ~4 kB gzip) stayed in every page even with the app's own Link (components/Link.tsx). Marking forwardRef pure and
 * dropping the display names (React DevTools labels only) lets unused ones go; the ones in use are unchanged. Warns if a
 * router update changes the pattern, so the saving is not lost unnoticed.
 */
function routerTreeShaking(): Plugin {
  return {
    name: 'quidsin:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/.test(id)) return;
      let pure = 0;
      const out = code
        .replace(/= (React\d*)\.forwardRef\(/g, (_, ns: string) => {
          pure++;
          return `= /* @__PURE__ */ ${ns}.forwardRef(`;
        })
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
      if (pure > 0) return { code: out, map: null };
      if (code.includes('forwardRef(')) this.warn(`react-router's forwardRef components no longer match the pattern in ${id}`);
    },
  };
}

/** Lazy pages whose dependencies are not preloaded (see modulePreload.resolveDependencies). */
const NOT_PRELOADED =
  /^assets\/(AdminRoutes|ReportsRoutes|HelpPage|ContactPage|TermsPage|PrivacyPage|CookiesPage|NotFoundPage|UnsubscribePage|ModerationPage)-/;

/**
 * The icons that two or more lazy pages share. Left alone, each becomes a chunk of its own, and every chunk's name sits
 * in the entry's preload map that the home page downloads (~20 bytes gzip a name); one chunk for them keeps the first
 * load inside its budget (docs/notes/web-weight.md). Icons of the first screen (chevron-left, the header's) stay out.
 */
const SHARED_ICONS =
  /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-up|bell|bell-off|bookmark|calendar-days|chart-column|check|circle-check|circle-exclamation-point|clipboard|copy|download|eye|flag|list|mail|mail-check|pencil|search-x|share-2|store|tag|trash|triangle-exclamation-point|user-round)\.mjs$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  // The server's first-screen render (`vite build --ssr entry-server.tsx`, package.json build:web) is JavaScript only:
  // no public files, no HTML, no precompressed copies.
  publicDir: isSsrBuild ? false : 'public',
  // precompress(): .br and .gz beside each asset, sent as they are by the server (preCompressed in app.ts).
  // criticalCss(): the static first paint's CSS inlined, the stylesheet moved to the end of <body> (scripts/critical-css.ts).
  plugins: isSsrBuild
    ? [react(), routerTreeShaking()]
    : [react(), tailwindcss(), criticalCss(fileURLToPath(new URL('./src/web/styles.css', import.meta.url))), precompress(), routerTreeShaking()],
  resolve: {
    // react-router 7's package exports point every bundler at its development build (dev-only warnings and
    // invariant messages); the production build has the same API without them. Only for `vite build`, so the dev
    // server keeps the warnings.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // bench/lib/page-weight.ts walks it to weigh each route's initial JS.
    manifest: !isSsrBuild,
    target: 'es2022',
    // No modulepreload polyfill in the entry: every browser es2022 reaches supports <link rel="modulepreload">, and one
    // that does not just fetches the modules when they are imported.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        // Pages few visitors open (the staff area, the legal and help pages, 404, unsubscribe, the moderation log) are
        // fetched without a preload list: each list is file names in every visitor's first load (the entry's preload
        // map), for one round trip saved the first time such a page is opened.
        if (NOT_PRELOADED.test(file)) return [];
        return deps.filter((d) => !/^assets\/(rolldown-runtime|vendor|deal-ui)-/.test(d));
      },
    },
    rolldownOptions: {
      output: {
        // Seven hash characters (the fewest Rolldown allows for this many chunks) rather than eight: every lazy chunk's
        // name is in the entry's preload map, so each character saved is ~90 names lighter on the first load.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        // Fewer, larger shared chunks (docs/notes/web-performance.md): left alone, Rolldown gives every module shared by two pages a chunk
        // of its own (30+ files of a few hundred bytes for the home page), each one more request and worse gzip.
        // Higher priority claims a module first; each group also takes its modules' static imports not yet claimed.
        codeSplitting: {
          groups: [
            // What every page runs: React, the router and TanStack Query.
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 3 },
            // The deal primitives most public pages draw (image, price, temperature, dates, the sign-in prompt, the
            // first-render and clock hooks of the drawn pages) and the API client, plus the two icons the deal page shares
            // with the cards (else they would sit in deal-cards) and the home carousel's three that other pages share
            // (else three chunks of ~200 bytes each in its first load).
            {
              name: 'deal-ui',
              test: /src[\\/]web[\\/](components[\\/](deal[\\/](?!DealCard|DealGrid|vote[\\/]CardVote)|SignInPrompt\.tsx)|api[\\/](client|deals[\\/]deals|members[\\/]token)\.ts|lib[\\/](toast[\\/]toast|dates[\\/](dates|useReaderClock)|constants|useAfterFirstRender)\.ts)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](external-link|message-circle|chevron-left|chevron-right|pause|play)\.mjs/,
              priority: 2,
            },
            // The deal cards and grids of the lists (home, browse, stores, members, related deals), apart so that a
            // deal page, which shows cards only in its lazy related-deals block, does not load them up front.
            { name: 'deal-cards', test: /src[\\/]web[\\/]components[\\/]deal[\\/](DealCard|DealGrid|vote[\\/]CardVote)\.tsx/, priority: 1 },
            // The shared rule book past roles.ts (permissions and deal-visibility: the deal page's buttons, the edit page,
            // the back office), one chunk rather than one per module; roles.ts is deal-ui's (the first screens use it).
            { name: 'shared-icons', test: SHARED_ICONS, priority: 1 },
            { name: 'rules', test: /src[\\/]shared[\\/]domain[\\/](access[\\/]permissions|deals[\\/]deal-visibility)\.ts/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
