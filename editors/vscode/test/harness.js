// Runs the compiled extension (out/extension.js) with its real vscode-languageclient under
// plain Node, against a stand-in `vscode` module, and prints what an editor would have shown.
//
//   node test/harness.js scenario.json
//
// The scenario (JSON): { "settings": {"dipcheck.path": ...}, "folder": "/abs/workspace",
//   "open": [{"path": "/abs/x.dip", "languageId": "dip"}], "expect": N (diagnostics to wait
//   for per document), "then": {"settings": {...}} (optional: change settings, wait again),
//   "run": [{"command": "dipcheck.showRule", "args": [...], "input": "DC102"}] (optional:
//   commands run as a user would, `input` answering an input box), "explainActions": true
//   (optional: the extension's "Explain CODE" quick fixes for each document's diagnostics),
//   "timeoutMs": 30000 }
// Activation follows package.json the way VS Code does: the extension is activated only when
// one of its activationEvents matches an opened document or a file in the workspace folder.
'use strict';

const fs = require('fs');
const Module = require('module');
const path = require('path');

const STUB = path.join(__dirname, 'vscode-stub.js');
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  return request === 'vscode' ? STUB : originalResolve.call(this, request, ...rest);
};
const vscode = require('vscode');

const EXTENSION = path.join(__dirname, '..');
const recorded = vscode.__recorded;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(predicate, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await sleep(25);
  }
  return predicate();
}

function walk(directory, found = []) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

function globToRegExp(glob) {
  const source = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '(?:.*/)?')
    .replace(/\{([^}]*)\}/g, (_, body) => `(?:${body.split(',').join('|')})`);
  return new RegExp(`^${source}$`);
}

// Which activation event fires, as VS Code decides it (onLanguage, workspaceContains).
function activationEvent(manifest, scenario) {
  const files = scenario.folder ? walk(scenario.folder) : [];
  for (const event of manifest.activationEvents || []) {
    const [kind, argument] = event.split(/:(.*)/s);
    if (kind === 'onLanguage' && scenario.open.some((doc) => doc.languageId === argument)) {
      return event;
    }
    if (kind === 'workspaceContains') {
      const pattern = globToRegExp(argument);
      if (files.some((file) => pattern.test(path.relative(scenario.folder, file)))) return event;
    }
  }
  return undefined;
}

function settingsChanged(names) {
  vscode.__events.configuration.fire({
    affectsConfiguration: (section) =>
      names.some((name) => name === section || name.startsWith(`${section}.`)),
  });
}

async function main() {
  const scenario = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const timeoutMs = scenario.timeoutMs || 30000;
  Object.assign(recorded.settings, scenario.settings || {});
  if (scenario.folder) {
    recorded.workspaceFolders = [
      { uri: vscode.Uri.file(scenario.folder), name: path.basename(scenario.folder), index: 0 },
    ];
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8'));
  const result = { activation: activationEvent(manifest, scenario) || null };
  if (result.activation === null) {
    process.stdout.write(JSON.stringify(result));
    return;
  }
  const extension = require(path.join(EXTENSION, manifest.main));
  const context = { subscriptions: [], extensionPath: EXTENSION, extensionUri: vscode.Uri.file(EXTENSION) };
  const api = extension.activate(context);
  const client = await api.ready();
  const initialize = client && client.initializeResult;
  result.serverInfo = initialize ? initialize.serverInfo : null;
  result.capabilities = initialize ? Object.keys(initialize.capabilities).sort() : [];

  const documents = scenario.open.map((item) =>
    vscode.__textDocument(item.path, item.languageId, fs.readFileSync(item.path, 'utf8')),
  );
  for (const document of documents) {
    vscode.workspace.textDocuments.push(document);
    vscode.__events.open.fire(document);
    vscode.__openTab(document);
  }
  const uris = documents.map((document) => document.uri.toString());
  const enough = (count) => () =>
    uris.every((uri) => (recorded.diagnostics[uri] || []).length >= count);
  if (client) await until(enough(scenario.expect ?? 1), timeoutMs);
  result.diagnostics = Object.fromEntries(uris.map((uri) => [uri, recorded.diagnostics[uri] || null]));

  if (scenario.explainActions) {
    const { ExplainRuleActions } = require(path.join(EXTENSION, 'out', 'explain.js'));
    const providers = recorded.codeActionProviders.filter((item) => item.provider instanceof ExplainRuleActions);
    result.explainActions = {};
    for (const document of documents) {
      const uri = document.uri.toString();
      const items = recorded.collections.flatMap((collection) => collection.get(document.uri) || []);
      const context = { diagnostics: items, only: undefined, triggerKind: 1 };
      result.explainActions[uri] = providers.flatMap((item) =>
        item.provider
          .provideCodeActions(document, items.length ? items[0].range : undefined, context)
          .map((action) => ({ title: action.title, kind: action.kind.value, command: action.command })),
      );
    }
  }

  result.runs = [];
  result.answers = [];
  for (const step of scenario.run || []) {
    const opened = recorded.opened.length;
    const errors = recorded.errors.length;
    const executed = recorded.executed.length;
    recorded.inputs = step.input === undefined ? [] : [step.input];
    const answer = await vscode.commands.executeCommand(step.command, ...(step.args || []));
    result.runs.push({
      opened: recorded.opened.slice(opened),
      errors: recorded.errors.slice(errors).map((item) => item.message),
    });
    // what the command returned, and the commands nothing registered that it ran (VS Code's
    // own, such as the Markdown preview)
    result.answers.push({
      result: answer === undefined ? null : answer,
      executed: recorded.executed.slice(executed),
    });
  }

  if (scenario.then && client) {
    Object.assign(recorded.settings, scenario.then.settings || {});
    settingsChanged(Object.keys(scenario.then.settings || {}));
    const before = JSON.stringify(result.diagnostics);
    await until(
      () => JSON.stringify(Object.fromEntries(uris.map((uri) => [uri, recorded.diagnostics[uri] || null]))) !== before,
      timeoutMs,
    );
    result.after = Object.fromEntries(uris.map((uri) => [uri, recorded.diagnostics[uri] || null]));
    const now = await api.ready();
    result.sameClient = now === client;
  }

  result.errors = recorded.errors.map((item) => item.message);
  result.channels = recorded.channels;
  await extension.deactivate();
  process.stdout.write(JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  },
);
