// `dipcheck test` in VS Code: the report in the "dipcheck test" output channel.
//
// The server does the work: its `dipcheck.runTests` command (workspace/executeCommand) runs a
// workflow's test files (or one test file, or one test) with the editor's unsaved text, and
// publishes the failures as diagnostics on the test files. This file adds
//   * the command `dipcheck.showTests` (palette: "dipcheck: Run Workflow Tests"), for the
//     active workflow or test file, and
//   * a middleware hook, so that clicking one of the server's "▶ Run tests" / "▶ Run test"
//     lenses (which run `dipcheck.runTests` with `{show: true}`) shows the report the same way.
// extension.ts wires both in: registerTests() in activate(), testsMiddleware in the client's
// middleware.

import * as vscode from 'vscode';
import type { ExecuteCommandSignature, LanguageClient } from 'vscode-languageclient/node';

export const TESTS_COMMAND = 'dipcheck.runTests';
const SHOW_COMMAND = 'dipcheck.showTests';

let channel: vscode.OutputChannel | undefined;

type Run = (options: { format: 'text'; test?: string }) => Promise<unknown>;

export function registerTests(
  context: vscode.ExtensionContext,
  currentClient: () => LanguageClient | undefined,
): void {
  channel = vscode.window.createOutputChannel('dipcheck test');
  context.subscriptions.push(
    channel,
    vscode.commands.registerCommand(SHOW_COMMAND, async (target?: vscode.Uri | string) => {
      const client = currentClient();
      const uri = target?.toString() ?? vscode.window.activeTextEditor?.document.uri.toString();
      if (client === undefined || uri === undefined) {
        void vscode.window.showWarningMessage(
          'dipcheck: open a workflow or its test file, and make sure the language server is running, to run its tests.',
        );
        return undefined;
      }
      return present((options) =>
        client.sendRequest('workspace/executeCommand', {
          command: TESTS_COMMAND,
          arguments: [uri, options],
        }),
      );
    }),
  );
}

// The lenses run the server command through the client; show the text report it returns.
export async function testsMiddleware(
  command: string,
  args: unknown[],
  next: ExecuteCommandSignature,
): Promise<unknown> {
  const options: unknown = args[1];
  const show =
    typeof options === 'object' &&
    options !== null &&
    (options as { show?: unknown }).show === true;
  if (!show) {
    return next(command, args);
  }
  const test = (options as { test?: unknown }).test;
  return present((wanted) =>
    next(command, [args[0], typeof test === 'string' ? { ...wanted, test } : wanted]),
  );
}

async function present(run: Run): Promise<unknown> {
  try {
    const text = await run({ format: 'text' });
    channel?.clear();
    channel?.append(String(text ?? ''));
    channel?.show(true);
    return text;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(`dipcheck: running the tests failed: ${reason}`);
    return undefined;
  }
}
