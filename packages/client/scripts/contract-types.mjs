// Writes src/contract-types.ts: the delivery API's types, printed from packages/contract's schemas
// by the TypeScript checker, so that the published client's declarations stand alone (the contract
// is private TypeScript source). `node scripts/contract-types.mjs --check` fails when the file is
// stale; src/__tests__/contract-types.check.ts makes the typecheck fail too (decision 063).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'src/contract-types.ts');
const probe = path.join(root, 'src/__contract-probe__.ts');

/** The schemas a website reads, in the order the file lists them; earlier names shorten later ones. */
const NAMES = [
  'ErrorBody',
  'DeliveryTaxonomyRef',
  'DeliveryTaxonomyEntry',
  'DeliveryMeta',
  'DeliveryImageSource',
  'DeliveryImage',
  'DeliveryPost',
  'DeliveryPostList',
  'DeliveryTagList',
  'DeliveryCategoryList',
  'DeliveryChange',
  'DeliveryChanges',
  'DeliveryPreview',
  'DeliveryAssetVariant',
  'DeliveryAsset',
];

function printTypes() {
  const source = [
    "import type { Static } from '@sinclair/typebox';",
    `import type { ${NAMES.join(', ')} } from '@masthead/contract';`,
    ...NAMES.map((name) => `export type ${name}Type = Static<typeof ${name}>;`),
  ].join('\n');
  const options = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === probe || fileExists.call(host, file);
  host.readFile = (file) => (file === probe ? source : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === probe
      ? ts.createSourceFile(file, source, language)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([probe], options, host);
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length > 0)
    throw new Error(ts.formatDiagnostics(problems, { ...host, getNewLine: () => '\n' }));
  const checker = program.getTypeChecker();
  const printed = new Map();
  for (const statement of program.getSourceFile(probe).statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    let text = printType(checker, checker.getTypeAtLocation(statement.name));
    // A type printed whole inside a later one is named instead (tags: DeliveryTaxonomyRef[]).
    for (const [name, earlier] of printed) if (earlier.startsWith('{')) text = text.split(earlier).join(name);
    printed.set(statement.name.text.replace(/Type$/, ''), text);
  }
  return printed;
}

/**
 * Properties are printed in the schema's order: where the contract declares them, or, for a
 * composed schema (whose properties have no declaration), in the order a type printed earlier had.
 */
const seenOrder = new Map();
function inSchemaOrder(properties) {
  const keyOf = (symbol, index) => {
    const declaration = symbol.declarations?.[0];
    if (declaration) return [0, declaration.getSourceFile().fileName, declaration.pos];
    return seenOrder.has(symbol.name) ? [1, '', seenOrder.get(symbol.name)] : [2, '', index];
  };
  const keyed = properties.map((symbol, index) => [keyOf(symbol, index), symbol]);
  keyed.sort(([a], [b]) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]));
  for (const [, symbol] of keyed) if (!seenOrder.has(symbol.name)) seenOrder.set(symbol.name, seenOrder.size);
  return keyed.map(([, symbol]) => symbol);
}

/** The type as plain TypeScript: objects, arrays, unions and index signatures spelt out. */
function printType(checker, type) {
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  if (type.isUnion()) {
    const members = type.types.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    const texts = members.map((t) => printType(checker, t));
    if (members.length < type.types.length) texts.push('boolean');
    // null last, as the schemas write it: `string | null`.
    return [...texts.filter((t) => t !== 'null'), ...texts.filter((t) => t === 'null')].join(' | ');
  }
  if (checker.isArrayType(type)) {
    const element = printType(checker, checker.getTypeArguments(type)[0]);
    return /[|]/.test(element) && !element.startsWith('{') ? `(${element})[]` : `${element}[]`;
  }
  if (type.flags & ts.TypeFlags.Object) {
    const lines = checker
      .getIndexInfosOfType(type)
      .map((info) => `[key: string]: ${printType(checker, info.type)};`);
    for (const property of inSchemaOrder(checker.getPropertiesOfType(type))) {
      const optional = property.flags & ts.SymbolFlags.Optional;
      let propertyType = checker.getTypeOfSymbol(property);
      if (optional) propertyType = checker.getNonNullableType(propertyType);
      lines.push(`${property.name}${optional ? '?' : ''}: ${printType(checker, propertyType)};`);
    }
    return `{ ${lines.join(' ')} }`;
  }
  return checker.typeToString(type, undefined, flags);
}

async function render() {
  const types = [...printTypes()].map(([name, text]) => `export type ${name} = ${text};`);
  const file = [
    '// Generated by scripts/contract-types.mjs from packages/contract: do not edit by hand.',
    '// Run `npm run contract-types -w packages/client` after the delivery schemas change.',
    '',
    ...types,
    '',
  ].join('\n');
  const config = await prettier.resolveConfig(target);
  return prettier.format(file, { ...config, filepath: target });
}

const text = await render();
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(
      'packages/client/src/contract-types.ts is stale: run npm run contract-types -w packages/client',
    );
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
