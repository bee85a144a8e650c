// "dipcheck: Explain Rule…": shows a rule's documentation, which the server's
// `dipcheck.explainRule` command returns as Markdown (the text `dipcheck rule CODE` prints).
//
// vscode-languageclient registers the server's command as a VS Code command too, but a failure
// there pops up a bare "Request workspace/executeCommand failed."; this file asks the server
// itself and shows the server's own message. It adds what a user reaches: a palette command
// that asks for a code when given none and opens the Markdown preview, and an "Explain CODE"
// quick fix on every dipcheck diagnostic.

import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';

export const SHOW_RULE = 'dipcheck.showRule';
const SERVER_COMMAND = 'dipcheck.explainRule';

export function registerExplainRule(
  context: vscode.ExtensionContext,
  running: () => LanguageClient | undefined,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_RULE, (code?: unknown) => showRule(running(), code)),
    vscode.languages.registerCodeActionsProvider(
      [{ language: 'dip' }, { scheme: 'file', pattern: '**/*.{yaml,yml}' }],
      new ExplainRuleActions(),
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
  );
}

async function showRule(client: LanguageClient | undefined, code?: unknown): Promise<void> {
  let wanted = typeof code === 'string' ? code.trim() : '';
  if (!wanted) {
    wanted =
      (
        await vscode.window.showInputBox({
          prompt: 'The dipcheck rule to explain: a code or a name',
          placeHolder: 'DC102 or unproduced-context-key',
        })
      )?.trim() ?? '';
  }
  if (!wanted) {
    return;
  }
  if (client === undefined) {
    void vscode.window.showErrorMessage(
      'dipcheck: the language server is not running, so the rule cannot be explained',
    );
    return;
  }
  let markdown: unknown;
  try {
    markdown = await client.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_COMMAND,
      arguments: [wanted],
    });
  } catch (error) {
    // an unknown rule: the server's message says so (and names a near miss)
    void vscode.window.showErrorMessage(`dipcheck: ${describe(error)}`);
    return;
  }
  if (typeof markdown !== 'string') {
    return;
  }
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
  await vscode.commands.executeCommand('markdown.showPreview', document.uri);
}

// "Explain CODE" for each dipcheck diagnostic under the cursor (one per code).
export class ExplainRuleActions implements vscode.CodeActionProvider {
  provideCodeActions(
    _document: vscode.TextDocument,
    _range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    const seen = new Set<string>();
    for (const diagnostic of context.diagnostics) {
      const raw = diagnostic.code;
      const code = String(typeof raw === 'object' && raw !== null ? raw.value : (raw ?? ''));
      if (diagnostic.source !== 'dipcheck' || !code || seen.has(code)) {
        continue;
      }
      seen.add(code);
      const action = new vscode.CodeAction(`Explain ${code}`, vscode.CodeActionKind.QuickFix);
      action.command = { command: SHOW_RULE, title: `Explain ${code}`, arguments: [code] };
      action.diagnostics = [diagnostic];
      actions.push(action);
    }
    return actions;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
