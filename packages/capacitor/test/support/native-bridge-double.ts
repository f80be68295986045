/**
 * The native side of a Capacitor app, replaced by a test double at the bridge boundary: the page
 * runs Capacitor's real JavaScript bridge (`native-bridge.js`, shipped inside `@capacitor/android`
 * and injected by the native runtime into every web view), while the Java/Swift end of the
 * bridge (`window.androidBridge` on Android, `webkit.messageHandlers.bridge` on iOS) is this
 * double. It records every plugin call the page sends and answers with scripted results in the
 * wire format of the native runtime (`{callbackId, pluginId, methodName, success, data|error,
 * save}`). A phone cannot run here; everything above this boundary is the real code.
 *
 * Install it before anything imports `@capacitor/core`, as a native runtime does.
 */

/** A plugin call as the native side receives it. */
export interface BridgeCall {
  pluginId: string;
  methodName: string;
  options: Record<string, unknown>;
  callbackId: string;
}

/** How a scripted handler answers one call. */
export interface BridgeReply {
  /** Resolves a promise call (or delivers one result of a callback call, which stays open). */
  resolve(data?: unknown): void;
  /** Rejects the call as `PluginCall.reject(message, code)` does. */
  reject(message: string, code?: string): void;
}

/** Scripted behaviour of one `Plugin.method`. */
export type BridgeHandler = (call: BridgeCall, reply: BridgeReply) => void;

type Header = { name: string; methods: { name: string; rtype: 'promise' | 'callback' | 'none' }[] };

const listenerMethods = [
  { name: 'addListener', rtype: 'none' },
  { name: 'removeListener', rtype: 'none' },
  { name: 'removeAllListeners', rtype: 'promise' },
] as const;

/**
 * `window.Capacitor.PluginHeaders` as the native runtime injects it for the official Camera 7 and
 * Geolocation 7 plugins (from their `@PluginMethod` annotations). `IdvVerify` has no header: it
 * has no native part.
 */
export const pluginHeaders: Header[] = [
  {
    name: 'Camera',
    methods: [
      ...['getPhoto', 'pickImages', 'pickLimitedLibraryPhotos', 'getLimitedLibraryPhotos'].map(
        (name) => ({ name, rtype: 'promise' as const }),
      ),
      { name: 'checkPermissions', rtype: 'promise' },
      { name: 'requestPermissions', rtype: 'promise' },
      ...listenerMethods,
    ],
  },
  {
    name: 'Geolocation',
    methods: [
      { name: 'getCurrentPosition', rtype: 'promise' },
      { name: 'watchPosition', rtype: 'callback' },
      { name: 'clearWatch', rtype: 'promise' },
      { name: 'checkPermissions', rtype: 'promise' },
      { name: 'requestPermissions', rtype: 'promise' },
      ...listenerMethods,
    ],
  },
];

/** Where the dev server serves Capacitor's bridge script (the copy in `@capacitor/android`). */
const bridgeScript = '/node_modules/@capacitor/android/capacitor/src/main/assets/native-bridge.js';

interface CapacitorGlobal {
  fromNative(result: unknown): void;
  PluginHeaders?: Header[];
}

/** The double of a phone's native runtime. */
export class NativeBridgeDouble {
  /** Every plugin call received, in order (console forwarding excluded). */
  readonly calls: BridgeCall[] = [];
  private readonly handlers = new Map<string, BridgeHandler>();

  constructor(readonly platform: 'android' | 'ios') {}

  /** Scripts `Plugin.method` (replacing an earlier script). */
  on(method: string, handler: BridgeHandler): this {
    this.handlers.set(method, handler);
    return this;
  }

  /** Scripts `Plugin.method` to resolve with `data` every time. */
  answer(method: string, data: unknown): this {
    return this.on(method, (_call, reply) => reply.resolve(data));
  }

  /** The calls to `Plugin.method`, in order. */
  callsTo(method: string): BridgeCall[] {
    return this.calls.filter((c) => `${c.pluginId}.${c.methodName}` === method);
  }

  /** Sets up the native globals and runs Capacitor's bridge script, as the native runtime does. */
  async install(): Promise<void> {
    const w = window as unknown as Record<string, unknown>;
    // What the runtime injects first (Android `JSExport.getGlobalJS`, iOS the same globals).
    w.Capacitor = {
      DEBUG: false,
      isLoggingEnabled: false,
      Plugins: {},
      PluginHeaders: pluginHeaders,
    };
    w.WEBVIEW_SERVER_URL = location.origin;
    const postMessage = (message: unknown): void => this.receive(message);
    if (this.platform === 'android') {
      // The Android runtime's JavascriptInterface takes JSON strings.
      w.androidBridge = { postMessage: (json: string) => postMessage(JSON.parse(json)) };
    } else {
      w.webkit = { messageHandlers: { bridge: { postMessage } } };
      // The iOS runtime answers the bridge's synchronous configuration questions through its
      // WKUIDelegate prompt handler: CapacitorCookies and CapacitorHttp are off by default.
      const prompt = window.prompt.bind(window);
      window.prompt = (message?: string, defaultText?: string): string | null => {
        const type = (() => {
          try {
            return (JSON.parse(message ?? '') as { type?: string }).type;
          } catch {
            return undefined;
          }
        })();
        if (type === 'CapacitorCookies.isEnabled' || type === 'CapacitorHttp') return 'false';
        return prompt(message, defaultText);
      };
    }
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = bridgeScript;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`cannot load ${bridgeScript}`));
      document.head.append(script);
    });
  }

  private receive(message: unknown): void {
    const data = message as Partial<BridgeCall> & { type?: string };
    if (data.pluginId === 'Console' || (data.type && data.type !== 'message')) return;
    const call: BridgeCall = {
      pluginId: String(data.pluginId),
      methodName: String(data.methodName),
      options: (data.options ?? {}) as Record<string, unknown>,
      callbackId: String(data.callbackId),
    };
    this.calls.push(call);
    const keepAlive = this.isCallback(call);
    const send = (result: Record<string, unknown>): void => {
      const payload = {
        save: keepAlive,
        callbackId: call.callbackId,
        pluginId: call.pluginId,
        methodName: call.methodName,
        ...result,
      };
      // Native answers arrive asynchronously, serialized as JSON.
      setTimeout(() => this.deliver(JSON.stringify(payload)), 0);
    };
    const reply: BridgeReply = {
      resolve: (value) =>
        send(value === undefined ? { success: true } : { success: true, data: value }),
      reject: (messageText, code) =>
        send({ success: false, error: { message: messageText, ...(code ? { code } : {}) } }),
    };
    const handler = this.handlers.get(`${call.pluginId}.${call.methodName}`);
    if (handler) handler(call, reply);
    else if (call.methodName !== 'addListener' && call.methodName !== 'removeListener') {
      reply.reject(
        `${call.pluginId}.${call.methodName} is not scripted in this test`,
        'UNSCRIPTED',
      );
    }
  }

  private isCallback(call: BridgeCall): boolean {
    const header = pluginHeaders.find((h) => h.name === call.pluginId);
    return header?.methods.find((m) => m.name === call.methodName)?.rtype === 'callback';
  }

  private deliver(json: string): void {
    const w = window as unknown as {
      androidBridge?: { onmessage?: (event: { data: string }) => void };
      Capacitor: CapacitorGlobal;
    };
    if (this.platform === 'android' && w.androidBridge?.onmessage) {
      // Android ≥ WebMessageListener: answers come through the bridge object's onmessage.
      w.androidBridge.onmessage({ data: json });
    } else {
      // iOS (and older Android) evaluate `window.Capacitor.fromNative(result)`.
      w.Capacitor.fromNative(JSON.parse(json));
    }
  }
}
