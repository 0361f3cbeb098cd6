import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { startTestSim, type TestSim } from './startTestSim.ts'

// The essentials of an OpenAPI 3.0 document (spec.openapis.org/oas/v3.0.3), as the tests below
// read it; the full validation is swagger-parser's, against the official OpenAPI 3 JSON schema.
const schemaOrRef = z.union([
  z.object({ $ref: z.string().startsWith('#/components/') }),
  z.looseObject({}).refine((s) => !('$ref' in s)),
])
const media = z.record(z.string(), z.object({ schema: schemaOrRef }))
const parameter = z.object({
  name: z.string().min(1),
  in: z.enum(['query', 'path', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: schemaOrRef,
})
const operation = z.looseObject({
  summary: z.string().optional(),
  parameters: z.array(parameter).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: media }).optional(),
  responses: z
    .record(
      z.string().regex(/^([1-5]\d\d|default)$/),
      z.object({ description: z.string(), content: media.optional() }),
    )
    .refine((r) => Object.keys(r).length > 0),
})
const openApi3Schema = z.looseObject({
  openapi: z.string().regex(/^3\.0\.\d+$/),
  info: z.looseObject({ title: z.string().min(1), version: z.string().min(1) }),
  paths: z.record(
    z.string().startsWith('/'),
    z.partialRecord(z.enum(['get', 'post', 'put', 'delete', 'patch']), operation),
  ),
  components: z.looseObject({}).optional(),
})

describe('/openapi.json', () => {
  let sim: TestSim
  let doc: z.infer<typeof openApi3Schema>
  let raw: unknown
  beforeAll(async () => {
    sim = await startTestSim()
    raw = (await sim.get('/openapi.json')).json
    doc = openApi3Schema.parse(raw)
  })
  afterAll(() => sim.server.close())

  test("default: validates as OpenAPI 3 and lists the five endpoints (create-tx on both services' paths), cancel-tx and /health", () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/Orders/{orderId}/externalCallProcess',
      '/api/Users/referralProgramLeaderboard',
      '/api/Users/usersLeaderboard',
      '/health',
      '/v1.0/chain/transaction',
      '/v1.0/dln/order/create-tx',
      '/v1.0/dln/order/{orderId}/cancel-tx',
      '/v1.0/net/order/create-tx',
    ])
  })

  test('behavior: swagger-parser validates it against the official OpenAPI 3.0 schema', async () => {
    // validate() mutates its argument while dereferencing: give it a copy.
    const api = await SwaggerParser.validate(structuredClone(raw) as never)
    expect(api.info.title.length).toBeGreaterThan(0)
    const broken = structuredClone(raw) as { paths: Record<string, unknown> }
    broken.paths['/health'] = { get: { responses: { 200: {} } } }
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow()
  })

  test('behavior: every path template parameter is declared as a required path parameter', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          const declared = op?.parameters?.find((p) => `{${p.name}}` === name && p.in === 'path')
          expect(declared?.required, `${path} ${name}`).toBe(true)
        }
      }
    }
  })

  test('behavior: every $ref resolves inside the document', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? []
    for (const ref of refs) {
      const pointer = ref.slice(9, -1).replace(/^#\//, '').split('/')
      let node: unknown = doc
      for (const key of pointer) node = (node as Record<string, unknown>)?.[key]
      expect(node, ref).toBeDefined()
    }
  })

  test('behavior: create-tx documents every docs/service.md §4.4 parameter, required ones as required', () => {
    const params = doc.paths['/v1.0/net/order/create-tx']?.get?.parameters ?? []
    // docs/service.md §4.4's 30, plus the real service's srcChainRefundAddress (§10).
    expect(params).toHaveLength(31)
    expect(params.find((p) => p.name === 'srcChainRefundAddress')?.required).toBe(false)
    const required = params
      .filter((p) => p.required)
      .map((p) => p.name)
      .sort()
    expect(required).toEqual([
      'dstChainId',
      'dstChainTokenOut',
      'srcChainId',
      'srcChainTokenIn',
      'srcChainTokenInAmount',
    ])
    expect(params.find((p) => p.name === 'netHook')?.in).toBe('query')
  })

  test('behavior: response schemas are the client schemas (field names of docs/service.md §2)', () => {
    const quote = doc.paths['/v1.0/net/order/create-tx']?.get?.responses['200']?.content?.[
      'application/json'
    ]?.schema as { required: string[] }
    // An estimation-only answer may lack order and the points fields (docs/service.md §10).
    expect(quote.required).toEqual(['estimation', 'fixFee'])
    const body = doc.paths['/api/Users/usersLeaderboard']?.post?.requestBody?.content
    expect(Object.keys(body ?? {})).toEqual(['application/json-patch+json', 'application/json'])
    const bodySchema = body?.['application/json-patch+json']?.schema as
      | { properties: { take: { maximum: number } } }
      | undefined
    expect(bodySchema?.properties.take.maximum).toBe(100)
  })
})
