// VS Code client for the dipcheck language server.
//
// The server is an external program: `<dipcheck.path> lsp [dipcheck.args...]`, spoken to over
// stdio. This file only finds it, starts it, restarts it when the settings change and explains
// what to do when it cannot be started.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { registerExplainRule } from './explain';
import { registerGraph } from './graph';
import { registerSimulation, simulationMiddleware } from './simulate';
import { registerTests, TESTS_COMMAND, testsMiddleware } from './tests';

const CLIENT_ID = 'dipcheck';
const CLIENT_NAME = 'dipcheck';
const SETTINGS_SECTION = 'dipcheck';
// How to install the server: dipcheck is not on PyPI yet, so `pip install dipcheck` fails;
// editors/README.md ("Install the server") is the one place that explains it.
const INSTALL_HINT =
  'Install it from a checkout of the dipcheck repository with `pipx install <checkout or git URL>` ' +
  '(dipcheck is not on PyPI yet; see "Install the server" in editors/README.md of the repository)';
// Settings that need a new server process; every other `dipcheck.*` setting reaches the
// running server as `workspace/didChangeConfiguration`.
const RESTART_SETTINGS = ['dipcheck.path', 'dipcheck.args'];

// The trace setting (`dipcheck.trace.server`) writes to this channel; package.json names it.
const TRACE_CHANNEL = `${CLIENT_NAME} (trace)`;

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel | undefined;
let traceChannel: vscode.OutputChannel | undefined;
// Every start/stop goes through this chain so that quick successive setting changes
// cannot run two servers at once.
let pending: Promise<void> = Promise.resolve();

interface ServerSettings {
  command: string;
  args: string[];
  cwd: string | undefined;
}

// What `activate` returns: other extensions (and the tests) can wait for the server.
export interface DipcheckApi {
  ready(): Promise<LanguageClient | undefined>;
}

export function activate(context: vscode.ExtensionContext): DipcheckApi {
  outputChannel = vscode.window.createOutputChannel(CLIENT_NAME);
  traceChannel = vscode.window.createOutputChannel(TRACE_CHANNEL);
  context.subscriptions.push(outputChannel, traceChannel);

  context.subscriptions.push(
    vscode.commands.registerCommand('dipcheck.restartServer', () => enqueue(restartClient)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTINGS.some((name) => event.affectsConfiguration(name))) {
        void enqueue(restartClient);
      }
    }),
  );

  registerExplainRule(context, () => client);
  registerSimulation(context, () => client);
  registerTests(context, () => client);
  registerGraph(context, () => client);

  void enqueue(startClient);
  return { ready: async () => (await pending, client) };
}

export function deactivate(): Thenable<void> {
  return enqueue(stopClient);
}

function enqueue(step: () => Promise<void>): Promise<void> {
  pending = pending.then(step, step);
  return pending;
}

async function restartClient(): Promise<void> {
  await stopClient();
  await startClient();
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running === undefined) {
    return;
  }
  try {
    // dispose() shuts the server down (shutdown + exit) and releases the client.
    await running.dispose();
  } catch (error) {
    outputChannel?.appendLine(`Stopping the server failed: ${describe(error)}`);
  }
}

async function startClient(): Promise<void> {
  const settings = readSettings();
  const resolved = resolveExecutable(settings.command, settings.cwd);
  if (resolved === undefined) {
    outputChannel?.appendLine(`Executable not found: ${settings.command}`);
    void showStartError(`the executable "${settings.command}" was not found`);
    return;
  }

  const serverOptions: ServerOptions = {
    command: resolved,
    args: ['lsp', ...settings.args],
    transport: TransportKind.stdio,
    options: { cwd: settings.cwd },
  };

  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'dip' },
      { scheme: 'untitled', language: 'dip' },
      // YAML step workflows and DOT pipelines: the server lints those that have the shape
      // of one and stays silent on other YAML and Graphviz files (no language is claimed
      // for them, so other extensions keep highlighting them).
      { scheme: 'file', pattern: '**/*.{yaml,yml}' },
      { scheme: 'file', pattern: '**/*.dot' },
      // Ordewell plans and saved sessions, and dippin's test files (*.test.json: the server
      // runs their tests and reports failures on them); other JSON gets no finding.
      { scheme: 'file', pattern: '**/*.json' },
    ],
    // select / ignore / targetVersion / debounceMs / inlayHints reach the server at start
    // and on every change, without a restart.
    initializationOptions: vscode.workspace.getConfiguration().get(SETTINGS_SECTION),
    synchronize: {
      configurationSection: SETTINGS_SECTION,
      // Workflows, configuration, and the prompt and script files workflows include, so
      // that editing one of those on disk re-lints the open workflows that read it.
      fileEvents: vscode.workspace.createFileSystemWatcher(
        '**/{*.dip,*.dot,*.yaml,*.yml,*.test.json,*.md,*.txt,*.sh,dipcheck.toml,.dipcheck.toml,pyproject.toml}',
      ),
    },
    outputChannel,
    traceOutputChannel: traceChannel,
    middleware: {
      executeCommand: (command, args, next) =>
        command === TESTS_COMMAND
          ? testsMiddleware(command, args, next)
          : simulationMiddleware.executeCommand!(command, args, next),
    },
  };

  outputChannel?.appendLine(`Starting: ${resolved} ${['lsp', ...settings.args].join(' ')}`);
  let candidate: LanguageClient | undefined;
  try {
    candidate = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    await candidate.start();
    client = candidate;
  } catch (error) {
    outputChannel?.appendLine(`Starting the server failed: ${describe(error)}`);
    try {
      await candidate?.dispose();
    } catch {
      // The client never got going; nothing else to clean up.
    }
    void showStartError(`"${resolved} lsp" could not be started (${describe(error)})`);
  }
}

function readSettings(): ServerSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const rawCommand = (config.get<string>('path') ?? '').trim() || 'dipcheck';
  const rawArgs = config.get<unknown>('args');
  const args = Array.isArray(rawArgs) ? rawArgs.map((value) => String(value)) : [];
  return { command: expandPath(rawCommand, folder), args, cwd: folder };
}

// Expands `~` and `${workspaceFolder}` and makes relative paths (those containing a path
// separator) absolute against the workspace folder. Bare names are left for a PATH lookup.
function expandPath(value: string, folder: string | undefined): string {
  let result = value;
  if (folder !== undefined) {
    result = result.split('${workspaceFolder}').join(folder);
  }
  if (result === '~' || result.startsWith('~/') || result.startsWith('~\\')) {
    result = path.join(os.homedir(), result.slice(1));
  }
  const hasSeparator = result.includes('/') || result.includes('\\');
  if (hasSeparator && !path.isAbsolute(result) && folder !== undefined) {
    result = path.resolve(folder, result);
  }
  return result;
}

// Returns the absolute path of the executable, or undefined when it does not exist.
function resolveExecutable(command: string, cwd: string | undefined): string | undefined {
  const extensions =
    process.platform === 'win32'
      ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)]
      : [''];
  const hasSeparator = command.includes('/') || command.includes('\\');
  const directories = hasSeparator
    ? ['']
    : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const directory of directories) {
    const base = hasSeparator
      ? path.resolve(cwd ?? process.cwd(), command)
      : path.join(directory, command);
    for (const extension of extensions) {
      const candidate = base + extension;
      if (isExecutableFile(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (process.platform !== 'win32') {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

async function showStartError(reason: string): Promise<void> {
  const openSettings = 'Open Settings';
  const showOutput = 'Show Output';
  const choice = await vscode.window.showErrorMessage(
    `dipcheck: the language server could not be started: ${reason}. ` +
      `${INSTALL_HINT}, or set "dipcheck.path" to the dipcheck executable.`,
    openSettings,
    showOutput,
  );
  if (choice === openSettings) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'dipcheck.path');
  } else if (choice === showOutput) {
    outputChannel?.show(true);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}
