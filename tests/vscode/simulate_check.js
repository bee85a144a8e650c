// Loads the compiled simulate.js under Node with a stand-in `vscode` module and a fake
// language client, then drives the palette command and the lens middleware.
const Module = require('module');
const calls = { channel: [], executed: [], opened: [], errors: [], requests: [] };
const commands = new Map();
const vscode = {
  window: {
    createOutputChannel: () => ({
      clear: () => calls.channel.push(['clear']),
      append: (text) => calls.channel.push(['append', text]),
      show: () => calls.channel.push(['show']),
      dispose: () => {},
    }),
    activeTextEditor: { document: { uri: { toString: () => 'file:///w/release.dip' } } },
    showWarningMessage: (m) => calls.errors.push(m),
    showErrorMessage: (m) => calls.errors.push(m),
  },
  commands: {
    registerCommand: (id, fn) => { commands.set(id, fn); return { dispose() {} }; },
    executeCommand: async (...args) => { calls.executed.push(args); },
  },
  workspace: {
    openTextDocument: async (doc) => { calls.opened.push(doc); return { uri: 'untitled:1' }; },
  },
  Uri: { parse: (s) => s },
};
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  return load.apply(this, arguments);
};
const simulate = require(process.argv[2]);
const answers = { text: 'status: success — reached the exit\n', mermaid: '```mermaid\nflowchart TD\n```\n' };
const client = {
  sendRequest: async (type, params) => {
    calls.requests.push([type, params]);
    return answers[params.arguments[1].format];
  },
};
(async () => {
  const context = { subscriptions: [] };
  simulate.registerSimulation(context, () => client);
  await commands.get('dipcheck.showSimulation')();
  const lens = await simulate.simulationMiddleware.executeCommand(
    'dipcheck.simulate', ['file:///w/release.dip', { show: true }],
    async (command, args) => answers[args[1].format],
  );
  const plain = await simulate.simulationMiddleware.executeCommand(
    'dipcheck.simulate', ['file:///w/release.dip'], async () => ({ status: 'success' }),
  );
  console.log(JSON.stringify({ ...calls, lens, plain }));
})().catch((error) => { console.error(error); process.exit(1); });
