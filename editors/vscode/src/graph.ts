// "dipcheck: Show Workflow Graph": the picture `dipcheck graph` draws, as Mermaid in a
// Markdown preview beside the workflow.
//
// The server draws it: its `dipcheck.graph` command (workspace/executeCommand) answers with a
// fenced Mermaid block for the open document as it is in the editor, findings included.
// extension.ts wires registerGraph() in activate().

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

const SERVER_COMMAND = 'dipcheck.graph';
const SHOW_COMMAND = 'dipcheck.showGraph';

export function registerGraph(
  context: vscode.ExtensionContext,
  currentClient: () => LanguageClient | undefined,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_COMMAND, async (target?: vscode.Uri | string) => {
      const client = currentClient();
      const uri = target?.toString() ?? vscode.window.activeTextEditor?.document.uri.toString();
      if (client === undefined || uri === undefined) {
        void vscode.window.showWarningMessage(
          'dipcheck: open a workflow, and make sure the language server is running, to draw it.',
        );
        return undefined;
      }
      try {
        const picture = await client.sendRequest('workspace/executeCommand', {
          command: SERVER_COMMAND,
          arguments: [uri, { format: 'mermaid' }],
        });
        const name = uri.split('/').pop() ?? uri;
        const document = await vscode.workspace.openTextDocument({
          language: 'markdown',
          content: `# ${decodeURIComponent(name)}\n\n${String(picture ?? '')}`,
        });
        await vscode.commands.executeCommand('markdown.showPreviewToSide', document.uri);
        return picture;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        void vscode.window.showErrorMessage(`dipcheck: cannot draw the workflow: ${reason}`);
        return undefined;
      }
    }),
  );
}
