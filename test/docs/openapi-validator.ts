// Checks real HTTP answers and request bodies against the served OpenAPI 3.0 document, with ajv.
import { Ajv, type ValidateFunction } from 'ajv';
// ajv-formats is CommonJS: from ESM its default import is module.exports, whose .default is the plugin.
import formats from 'ajv-formats';
import type { HttpAnswer } from '../support/gateway.js';

type Json = Record<string, unknown>;
export interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Json }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }>; headers?: Record<string, { required?: boolean; schema?: Json }> }>;
}
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

/**
 * OpenAPI 3.0's `nullable` is not JSON Schema: `{type: 'string', nullable: true}` becomes `anyOf: [{type: 'string'},
 * {type: 'null'}]`, which also covers an enum or a $ref marked nullable. And, for what the service sends (`close`),
 * an object with listed properties is closed: a field the document does not name is a mismatch too. What a client
 * sends is judged by the document as written: a request schema that takes unknown fields the service refuses is the
 * document's mismatch, not to be hidden here.
 */
function jsonSchema(schema: unknown, close: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((inner) => jsonSchema(inner, close));
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Json;
  const converted: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    const isMapOfSchemas = key === 'properties';
    converted[key] = isMapOfSchemas
      ? Object.fromEntries(Object.entries(value as Json).map(([name, inner]) => [name, jsonSchema(inner, close)]))
      : key === 'example' || key === 'enum' ? value : jsonSchema(value, close);
  }
  if (close && converted['properties'] !== undefined && converted['additionalProperties'] === undefined) converted['additionalProperties'] = false;
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

export class OpenApiConformance {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    formats.default(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: jsonSchema(doc.components, true) });
    this.ajv.addSchema({ $id: 'openapi-as-written', components: jsonSchema(doc.components, false) });
  }

  /** `GET /v1/pagos`-style names of every operation in the document. */
  operations(): string[] {
    return Object.entries(this.doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
  }

  operation(name: string): Operation {
    const [method = '', path = ''] = name.split(' ');
    const operation = this.doc.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${name} is not in the document`);
    return operation;
  }

  /** What is wrong with a request body the table sends as valid (empty when nothing). */
  requestErrors(name: string, body: unknown): string[] {
    const schema = this.operation(name).requestBody?.content['application/json']?.schema;
    if (!schema) return [`${name} documents no JSON request body`];
    return this.errors(`${name} request`, schema, body, 'openapi-as-written');
  }

  /**
   * What is wrong with a query parameter's value, as sent in a URL (a string; an integer parameter's digits read as a
   * number, as for headers): empty when the document takes it.
   */
  parameterErrors(name: string, parameter: string, value: string): string[] {
    const described = this.operation(name).parameters?.find((p) => p.in === 'query' && p.name === parameter);
    if (!described?.schema) return [`${name} documents no query parameter ${parameter}`];
    const typed = described.schema['type'] === 'integer' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    return this.errors(`${name} ?${parameter}`, described.schema, typed, 'openapi-as-written');
  }

  /** What is wrong with a real answer: its status, content type, required headers and body (empty when nothing). */
  answerErrors(name: string, answer: HttpAnswer): string[] {
    const response = this.operation(name).responses[String(answer.status)];
    if (!response) return [`status ${answer.status} is not documented (${answer.text.slice(0, 200)})`];
    const problems: string[] = [];
    for (const [header, described] of Object.entries(response.headers ?? {})) {
      const value = answer.headers.get(header);
      if (value === null) {
        if (described.required) problems.push(`required header ${header} missing`);
      } else if (described.schema) {
        const typed = described.schema['type'] === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
        problems.push(...this.errors(`${name} ${answer.status} ${header}`, described.schema, typed).map((e) => `header ${header}: ${e}`));
      }
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) {
      if (answer.text !== '') problems.push(`a body the document does not describe: ${answer.text.slice(0, 200)}`);
      return problems;
    }
    const type = answer.headers.get('content-type') ?? '';
    if (!/^application\/json\b/.test(type)) problems.push(`content-type ${type}, documented application/json`);
    return [...problems, ...this.errors(`${name} ${answer.status}`, schema, answer.body)];
  }

  /** What is wrong with a value that should be the component schema `name` (empty when nothing). */
  schemaErrors(name: string, value: unknown): string[] {
    if (!this.doc.components.schemas[name]) return [`the document has no schema ${name}`];
    return this.errors(`schema ${name}`, { $ref: `#/components/schemas/${name}` }, value);
  }

  /** `components` names which copy of the document's components refs point to: closed (answers) or as written (requests). */
  private errors(key: string, schema: Json, value: unknown, components: 'openapi' | 'openapi-as-written' = 'openapi'): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      const close = components === 'openapi';
      validate = this.ajv.compile(JSON.parse(JSON.stringify(jsonSchema(schema, close)).replaceAll('"#/components/', `"${components}#/components/`)));
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }
}
