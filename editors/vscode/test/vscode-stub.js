// A stand-in for the `vscode` module, enough of the API for the extension and the real
// `vscode-languageclient` to run under plain Node (there is no VS Code on CI machines).
//
// The parts the test looks at are real implementations that record what happens:
// configuration values, output channels, error dialogs, registered commands, diagnostic
// collections, documents and the events the client listens to. Everything else the client
// merely registers (providers for each server capability) is answered by `auto`, a callable,
// constructible object whose every property is another such object and whose calls return
// a disposable.
'use strict';

const path = require('path');
const { URL, pathToFileURL, fileURLToPath } = require('url');

const recorded = {
  settings: {},
  channels: {},
  errors: [],
  messages: [],
  commands: {},
  diagnostics: {},
  collections: [],
  registrations: [],
  codeActionProviders: [],
  opened: [], // documents opened with workspace.openTextDocument({ content })
  executed: [], // commands run that nothing registered (VS Code's own, e.g. the preview)
  inputs: [], // what showInputBox answers, in order
  workspaceFolders: undefined,
};

function auto(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_target, key) {
      if (key === 'then') return undefined; // never look like a promise
      if (key === 'dispose') return () => undefined;
      if (key === Symbol.toPrimitive) return () => name;
      return auto(`${name}.${String(key)}`);
    },
    apply() {
      recorded.registrations.push(name);
      return new Disposable(() => undefined);
    },
    construct() {
      return auto(`new ${name}`);
    },
  });
}

class Disposable {
  constructor(callback) {
    this._callback = callback;
  }
  static from(...items) {
    return new Disposable(() => items.forEach((item) => item && item.dispose && item.dispose()));
  }
  dispose() {
    if (this._callback) this._callback();
    this._callback = undefined;
  }
}

class EventEmitter {
  constructor() {
    this.listeners = new Set();
    this.event = (listener, thisArg, disposables) => {
      const bound = thisArg ? listener.bind(thisArg) : listener;
      this.listeners.add(bound);
      const result = new Disposable(() => this.listeners.delete(bound));
      if (Array.isArray(disposables)) disposables.push(result);
      return result;
    };
  }
  fire(value) {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose() {
    this.listeners.clear();
  }
}

class Uri {
  constructor(scheme, authority, pathPart, query, fragment) {
    this.scheme = scheme;
    this.authority = authority || '';
    this.path = pathPart || '';
    this.query = query || '';
    this.fragment = fragment || '';
  }
  static parse(value) {
    const url = new URL(value);
    return new Uri(
      url.protocol.replace(/:$/, ''),
      url.host,
      decodeURIComponent(url.pathname),
      url.search.replace(/^\?/, ''),
      url.hash.replace(/^#/, ''),
    );
  }
  static file(fsPath) {
    return Uri.parse(pathToFileURL(fsPath).href);
  }
  static joinPath(base, ...parts) {
    return base.with({ path: path.posix.join(base.path, ...parts) });
  }
  get fsPath() {
    return this.scheme === 'file' ? fileURLToPath(this.toString()) : this.path;
  }
  with(change) {
    return new Uri(
      change.scheme ?? this.scheme,
      change.authority ?? this.authority,
      change.path ?? this.path,
      change.query ?? this.query,
      change.fragment ?? this.fragment,
    );
  }
  toString() {
    if (this.scheme === 'file') return pathToFileURL(this.path).href;
    return `${this.scheme}:${this.path}`;
  }
  toJSON() {
    return this.toString();
  }
}

class Position {
  constructor(line, character) {
    this.line = line;
    this.character = character;
  }
}

class Range {
  constructor(a, b, c, d) {
    if (a instanceof Position) {
      this.start = a;
      this.end = b;
    } else {
      this.start = new Position(a, b);
      this.end = new Position(c, d);
    }
  }
}

class Location {
  constructor(uri, range) {
    this.uri = uri;
    this.range = range;
  }
}

class Diagnostic {
  constructor(range, message, severity) {
    this.range = range;
    this.message = message;
    this.severity = severity;
  }
}

class DiagnosticRelatedInformation {
  constructor(location, message) {
    this.location = location;
    this.message = message;
  }
}

class MarkdownString {
  constructor(value) {
    this.value = value || '';
  }
  appendMarkdown(value) {
    this.value += value;
    return this;
  }
}

class CodeActionKind {
  constructor(value) {
    this.value = value;
  }
  append(part) {
    return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
  }
  contains(other) {
    return this.value === other.value || other.value.startsWith(`${this.value}.`);
  }
  intersects(other) {
    return this.contains(other) || other.contains(this);
  }
}
CodeActionKind.Empty = new CodeActionKind('');
CodeActionKind.QuickFix = new CodeActionKind('quickfix');
CodeActionKind.Refactor = new CodeActionKind('refactor');
CodeActionKind.Source = new CodeActionKind('source');
CodeActionKind.SourceFixAll = new CodeActionKind('source.fixAll');
CodeActionKind.SourceOrganizeImports = new CodeActionKind('source.organizeImports');

class CodeAction {
  constructor(title, kind) {
    this.title = title;
    this.kind = kind;
  }
}

class CancellationTokenSource {
  constructor() {
    const changed = new EventEmitter();
    this._changed = changed;
    this.token = { isCancellationRequested: false, onCancellationRequested: changed.event };
  }
  cancel() {
    if (!this.token.isCancellationRequested) {
      this.token.isCancellationRequested = true;
      this._changed.fire(undefined);
    }
  }
  dispose() {
    this._changed.dispose();
  }
}

class CancellationError extends Error {}

class TabInputText {
  constructor(uri) {
    this.uri = uri;
  }
}
class TabInputTextDiff {}
class TabInputCustom {}

// One tab group; the editor opens a tab for each document it shows (the client pulls
// diagnostics for the documents in tabs).
const tabEvents = new EventEmitter();
const tabGroups = {
  all: [{ tabs: [], isActive: true }],
  onDidChangeTabs: tabEvents.event,
  onDidChangeTabGroups: new EventEmitter().event,
};
function openTab(document) {
  const tab = { input: new TabInputText(document.uri), label: path.basename(document.fileName) };
  tabGroups.all[0].tabs.push(tab);
  tabEvents.fire({ opened: [tab], closed: [], changed: [] });
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };
const DiagnosticTag = { Unnecessary: 1, Deprecated: 2 };

function createOutputChannel(name) {
  const lines = [];
  recorded.channels[name] = lines;
  const channel = {
    name,
    append: (text) => lines.push(text),
    appendLine: (text) => lines.push(text),
    replace: (text) => lines.splice(0, lines.length, text),
    clear: () => lines.splice(0, lines.length),
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  };
  // The client's LogOutputChannel calls (trace/debug/info/warn/error) land in the same list.
  for (const level of ['trace', 'debug', 'info', 'warn', 'error']) {
    channel[level] = (text) => lines.push(text);
  }
  return channel;
}

function createDiagnosticCollection(name) {
  const entries = new Map();
  const collection = {
    name,
    set(uri, items) {
      if (Array.isArray(uri)) {
        for (const [each, list] of uri) collection.set(each, list);
        return;
      }
      entries.set(uri.toString(), items || []);
      recorded.diagnostics[uri.toString()] = (items || []).map((item) => ({
        message: item.message,
        severity: item.severity,
        code: typeof item.code === 'object' && item.code ? item.code.value : item.code,
        range: [item.range.start.line, item.range.start.character, item.range.end.line, item.range.end.character],
      }));
    },
    get: (uri) => entries.get(uri.toString()),
    delete(uri) {
      entries.delete(uri.toString());
      delete recorded.diagnostics[uri.toString()];
    },
    clear() {
      entries.clear();
    },
    forEach: (callback) => entries.forEach((items, uri) => callback(Uri.parse(uri), items, collection)),
    has: (uri) => entries.has(uri.toString()),
    dispose: () => entries.clear(),
  };
  recorded.collections.push(collection);
  return collection;
}

function globToRegExp(glob) {
  let out = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index];
    if (char === '*' && glob[index + 1] === '*') {
      out += '.*';
      index += 1;
      if (glob[index + 1] === '/') index += 1;
    } else if (char === '*') out += '[^/]*';
    else if (char === '{') out += '(?:';
    else if (char === '}') out += ')';
    else if (char === ',') out += '|';
    else if (char === '?') out += '[^/]';
    else out += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

// The rules of vscode.languages.match: every given part of a filter must agree.
function match(selector, document) {
  const filters = Array.isArray(selector) ? selector : [selector];
  let best = 0;
  for (const filter of filters) {
    if (typeof filter === 'string') {
      if (filter === document.languageId) best = Math.max(best, 10);
      continue;
    }
    if (filter.language && filter.language !== document.languageId) continue;
    if (filter.scheme && filter.scheme !== document.uri.scheme) continue;
    if (filter.pattern) {
      const pattern = typeof filter.pattern === 'string' ? filter.pattern : filter.pattern.pattern;
      if (!globToRegExp(pattern).test(document.uri.path)) continue;
    }
    best = Math.max(best, filter.language ? 10 : 5);
  }
  return best;
}

const textDocuments = [];
const events = {
  open: new EventEmitter(),
  close: new EventEmitter(),
  change: new EventEmitter(),
  save: new EventEmitter(),
  configuration: new EventEmitter(),
};

function lookup(section) {
  const prefix = section ? `${section}.` : '';
  return {
    get(key, fallback) {
      const full = prefix + key;
      if (Object.prototype.hasOwnProperty.call(recorded.settings, full)) return recorded.settings[full];
      // a whole sub-section, as the client's `synchronize.configurationSection` asks for it
      const nested = {};
      let found = false;
      for (const [name, value] of Object.entries(recorded.settings)) {
        if (name.startsWith(`${full}.`)) {
          let cursor = nested;
          const parts = name.slice(full.length + 1).split('.');
          for (const part of parts.slice(0, -1)) cursor = cursor[part] = cursor[part] || {};
          cursor[parts[parts.length - 1]] = value;
          found = true;
        }
      }
      return found ? nested : fallback;
    },
    has(key) {
      return this.get(key) !== undefined;
    },
    inspect: () => undefined,
    update: async () => undefined,
  };
}

const workspace = new Proxy(
  {
    get workspaceFolders() {
      return recorded.workspaceFolders;
    },
    textDocuments,
    notebookDocuments: [],
    getConfiguration: (section) => lookup(section),
    getWorkspaceFolder: (uri) =>
      (recorded.workspaceFolders || []).find((folder) => uri.fsPath.startsWith(folder.uri.fsPath)),
    onDidOpenTextDocument: events.open.event,
    onDidCloseTextDocument: events.close.event,
    onDidChangeTextDocument: events.change.event,
    onDidSaveTextDocument: events.save.event,
    onDidChangeConfiguration: events.configuration.event,
    openTextDocument: async (options) => {
      recorded.opened.push({ language: options.language, content: options.content });
      const uri = new Uri('untitled', '', `Untitled-${recorded.opened.length}`);
      return { uri, languageId: options.language, getText: () => options.content };
    },
    createFileSystemWatcher: () => ({
      onDidCreate: new EventEmitter().event,
      onDidChange: new EventEmitter().event,
      onDidDelete: new EventEmitter().event,
      dispose: () => undefined,
    }),
  },
  { get: (target, key) => (key in target ? target[key] : auto(`workspace.${String(key)}`)) },
);

const window = new Proxy(
  {
    createOutputChannel,
    showErrorMessage: async (message, ...items) => {
      recorded.errors.push({ message, items });
      return undefined;
    },
    showWarningMessage: async (message) => {
      recorded.messages.push(message);
      return undefined;
    },
    showInformationMessage: async (message) => {
      recorded.messages.push(message);
      return undefined;
    },
    showInputBox: async () => recorded.inputs.shift(),
    activeTextEditor: undefined,
    visibleTextEditors: [],
    tabGroups,
  },
  { get: (target, key) => (key in target ? target[key] : auto(`window.${String(key)}`)) },
);

const languages = new Proxy(
  {
    createDiagnosticCollection,
    match,
    registerCodeActionsProvider(selector, provider, metadata) {
      const entry = { selector, provider, metadata };
      recorded.codeActionProviders.push(entry);
      return new Disposable(() => {
        recorded.codeActionProviders = recorded.codeActionProviders.filter((item) => item !== entry);
      });
    },
  },
  { get: (target, key) => (key in target ? target[key] : auto(`languages.${String(key)}`)) },
);

const commands = {
  registerCommand(name, callback) {
    recorded.commands[name] = callback;
    return new Disposable(() => delete recorded.commands[name]);
  },
  executeCommand: async (name, ...args) => {
    if (recorded.commands[name]) return recorded.commands[name](...args);
    recorded.executed.push([name, ...args.map((arg) => String(arg))]); // VS Code's own commands
    return undefined;
  },
  getCommands: async () => Object.keys(recorded.commands),
};

// A text document as VS Code hands it to extensions.
function textDocument(fsPath, languageId, text) {
  const uri = Uri.file(fsPath);
  return {
    uri,
    fileName: fsPath,
    languageId,
    version: 1,
    isClosed: false,
    isDirty: false,
    isUntitled: false,
    lineCount: text.split('\n').length,
    getText: () => text,
    save: async () => true,
  };
}

const exported = {
  Disposable,
  EventEmitter,
  Uri,
  Position,
  Range,
  Location,
  Diagnostic,
  DiagnosticRelatedInformation,
  DiagnosticSeverity,
  DiagnosticTag,
  MarkdownString,
  CodeAction,
  CodeActionKind,
  CancellationTokenSource,
  CancellationError,
  TabInputText,
  TabInputTextDiff,
  TabInputCustom,
  workspace,
  window,
  languages,
  commands,
  env: { appName: 'Visual Studio Code (stand-in)', language: 'en', machineId: 'test', uiKind: 1 },
  version: '1.85.0',
  // test helpers (not part of the VS Code API)
  __recorded: recorded,
  __events: events,
  __textDocument: textDocument,
  __openTab: openTab,
};

module.exports = new Proxy(exported, {
  get: (target, key) => (key in target ? target[key] : auto(String(key))),
});
