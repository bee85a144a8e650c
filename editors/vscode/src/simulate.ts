// `dipcheck simulate` in VS Code: the trace in an output channel, the path as a Mermaid
// picture in a Markdown preview.
//
// The server does the work: its `dipcheck.simulate` command (workspace/executeCommand)
// simulates the open document and answers in the format asked for. This file adds
//   * the command `dipcheck.showSimulation` (palette: "dipcheck: Simulate Workflow"), and
//   * a middleware hook, so that clicking the server's "Simulate" code lens (which runs
//     `dipcheck.simulate` with `{show: true}`) presents the result the same way.
// extension.ts wires both in: registerSimulation() in activate(), simulationMiddleware in the
// client options.

import * as vscode from 'vscode';
import type { LanguageClient, Middleware } from 'vscode-languageclient/node';

const SERVER_COMMAND = 'dipcheck.simulate';
const SHOW_COMMAND = 'dipcheck.showSimulation';

let channel: vscode.OutputChannel | undefined;

type Simulate = (format: 'text' | 'mermaid') => Promise<unknown>;

export function registerSimulation(
  context: vscode.ExtensionContext,
  currentClient: () => LanguageClient | undefined,
): void {
  channel = vscode.window.createOutputChannel('dipcheck simulate');
  context.subscriptions.push(
    channel,
    vscode.commands.registerCommand(SHOW_COMMAND, async (target?: vscode.Uri | string) => {
      const client = currentClient();
      const uri = target?.toString() ?? vscode.window.activeTextEditor?.document.uri.toString();
      if (client === undefined || uri === undefined) {
        void vscode.window.showWarningMessage(
          'dipcheck: open a workflow, and make sure the language server is running, to simulate it.',
        );
        return;
      }
      await present((format) =>
        client.sendRequest('workspace/executeCommand', {
          command: SERVER_COMMAND,
          arguments: [uri, { format }],
        }),
      );
    }),
  );
}

// The lens runs the server command through the client; show what it returns.
export const simulationMiddleware: Middleware = {
  executeCommand: async (command, args, next) => {
    const options: unknown = args[1];
    const show =
      command === SERVER_COMMAND &&
      typeof options === 'object' &&
      options !== null &&
      (options as { show?: unknown }).show === true;
    if (!show) {
      return next(command, args);
    }
    return present((format) => next(command, [args[0], { format }]));
  },
};

async function present(simulate: Simulate): Promise<unknown> {
  try {
    const text = await simulate('text');
    channel?.clear();
    channel?.append(String(text ?? ''));
    channel?.show(true);
    const picture = await simulate('mermaid');
    const document = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: `# dipcheck simulate\n\n${String(picture ?? '')}`,
    });
    await vscode.commands.executeCommand('markdown.showPreviewToSide', document.uri);
    return text;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(`dipcheck: the simulation failed: ${reason}`);
    return undefined;
  }
}
