// The one graphql-js instance of the data API, its CommonJS build: graphql-jit imports that build
// (it reaches into `graphql/execution/execute.js` and other CommonJS files). A bare 'graphql'
// resolves to the CommonJS build under Node but to the ES module build under Vite (vitest), and
// two instances make compiled queries fail graphql-js's instanceof checks. So the data API's
// modules and tests import graphql from here, never from 'graphql' directly.
export * from 'graphql/index.js';
