// JavaScript lint for wirelens (ESLint 9, flat config): the recommended rules over every script of
// ours. Formatting is Prettier's (.prettierrc.json). `make lint` runs both checks; `make test` too.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["build/**", "node_modules/**"] },
  js.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: {
      ecmaVersion: 2025, // import attributes (the Benchmark Suite imports its recorded runs as JSON)
      sourceType: "module",
      // Node scripts also hand functions to pages (page.evaluate), so both sets of globals.
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs" } },
  // The codec runtime is a fragment: web/codec/assemble.mjs puts it together with generated code
  // that calls these functions, so its "unused" definitions are used there.
  { files: ["web/codec/runtime.js"], rules: { "no-unused-vars": "off" } },
  // Parts spliced into the runtime's bind() (as generated ones are) use its names.
  { files: ["web/codec/parts/*.js"], rules: { "no-undef": "off", "no-unused-vars": "off" } },
];
