// Puts a signed-in session into the Chrome that Lighthouse drives, the way the product keeps it:
// the token and the user in the origin's localStorage (client/src/auth/session-storage.ts), and the
// page session the server draws signed-in pages from, handed over as the app hands it
// (client/src/auth/page-session.ts). Spoken over the DevTools protocol with Node's own WebSocket,
// so the bench needs no browser library.

/**
 * The keys client/src/auth/session-storage.ts and page-session.ts write; checked against the build
 * before a run.
 */
export const SESSION_KEYS = {
  token: 'aprendiz.token',
  user: 'aprendiz.user',
  pageSession: 'aprendiz.page-session',
} as const;

/** How much of the token page-session.ts keeps as the mark of the one it handed over. */
const PAGE_SESSION_MARK_LENGTH = 24;

export interface BrowserSession {
  token: string;
  user: { id: string; name: string; email: string; imageUrl: string };
}

const COMMAND_TIMEOUT_MS = 30_000;

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

/** One DevTools connection to a tab: send a command, await its answer. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach ${url}`)), {
      once: true,
    });
  });
  let nextId = 1;
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  const events = new Set<(method: string) => void>();
  socket.addEventListener('message', (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      result?: unknown;
      error?: unknown;
    };
    if (message.id !== undefined) pending.get(message.id)?.(message);
    else if (message.method) for (const listener of events) listener(message.method);
  });
  return {
    send(method: string, params: object = {}): Promise<unknown> {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${method}: no answer`)),
          COMMAND_TIMEOUT_MS,
        );
        pending.set(id, (message) => {
          clearTimeout(timer);
          pending.delete(id);
          if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
          else resolve(message.result);
        });
      });
    },
    once(method: string): Promise<void> {
      return new Promise((resolve) => {
        const listener = (name: string) => {
          if (name !== method) return;
          events.delete(listener);
          resolve();
        };
        events.add(listener);
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Writes `session` (or, with null, removes any) into the localStorage of `origin` in the Chrome
 * listening on `port`, through a tab opened on the origin's robots.txt (a page with no script of
 * its own) and closed again. Lighthouse's storage reset clears caches, service workers and
 * Cache Storage but not localStorage, so the audited page starts signed in with a cold cache.
 */
export async function storeSession(
  port: number,
  origin: string,
  session: BrowserSession | null,
): Promise<void> {
  const devtools = `http://127.0.0.1:${port}`;
  const res = await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' });
  if (!res.ok) throw new Error(`DevTools /json/new: ${res.status}`);
  const target = (await res.json()) as Target;
  const tab = await connect(target.webSocketDebuggerUrl);
  try {
    await tab.send('Page.enable');
    const loaded = tab.once('Page.loadEventFired');
    await tab.send('Page.navigate', { url: `${origin}/robots.txt` });
    await loaded;
    const key = (name: keyof typeof SESSION_KEYS) => JSON.stringify(SESSION_KEYS[name]);
    // As the app does after signing in: the token and user kept, the token handed to the server
    // for the page session, and the mark of that hand-over kept so the audited page does not repeat it.
    const script = session
      ? `(async () => {
           localStorage.setItem(${key('token')}, ${JSON.stringify(session.token)});
           localStorage.setItem(${key('user')}, ${JSON.stringify(JSON.stringify(session.user))});
           const res = await fetch('/api/auth/page-session', {
             method: 'POST',
             headers: { Authorization: 'Bearer ' + ${JSON.stringify(session.token)} },
           });
           if (!res.ok) throw new Error('page session: ' + res.status);
           localStorage.setItem(${key('pageSession')}, ${JSON.stringify(session.token.slice(-PAGE_SESSION_MARK_LENGTH))});
         })()`
      : `(async () => {
           for (const name of [${key('token')}, ${key('user')}, ${key('pageSession')}]) localStorage.removeItem(name);
           await fetch('/api/auth/page-session', { method: 'DELETE' });
         })()`;
    const result = (await tab.send('Runtime.evaluate', {
      expression: script,
      awaitPromise: true,
    })) as {
      exceptionDetails?: unknown;
    };
    if (result.exceptionDetails) {
      throw new Error(`storing the session: ${JSON.stringify(result.exceptionDetails)}`);
    }
  } finally {
    tab.close();
    await fetch(`${devtools}/json/close/${target.id}`).catch(() => undefined);
  }
}
