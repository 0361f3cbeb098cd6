import type { z } from 'zod'
import { type SimErrorBody, type SimErrorId, simErrorBody } from './simErrorBody.ts'

/**
 * How a request-schema issue maps to a specific errorId (docs/dln.md §2.2), most specific first.
 * The request schemas of src/api carry every rule; these matchers read which rule an issue came
 * from by its path and the rule text of its message. A unit test pins each matcher to the schema.
 */
const RULES: { errorId: SimErrorId; matches: (issue: z.core.$ZodIssue) => boolean }[] = [
  {
    errorId: 'SAME_SOURCE_AND_DESTINATION_CHAINS',
    matches: (i) => i.path[0] === 'dstChainId' && i.message.includes('equals srcChainId'),
  },
  {
    errorId: 'SENDER_ADDRESS_EMPTY',
    matches: (i) => i.path[0] === 'senderAddress' && i.message.includes('enableEstimate'),
  },
  {
    errorId: 'AFFILIATE_FEE_RECIPIENT_NOT_SET',
    matches: (i) => i.path[0] === 'affiliateFeeRecipient' && i.message.includes('is missing while'),
  },
  {
    errorId: 'AFFILIATE_FEE_PERCENT_NOT_SET',
    matches: (i) => i.path[0] === 'affiliateFeePercent' && i.message.includes('is missing while'),
  },
  {
    errorId: 'INTERMEDIARY_TOKEN_NOT_CONFIGURED',
    matches: (i) => i.message.includes('§4.4 rule 3'),
  },
]

/**
 * Maps the issues of a failed request-schema parse to the service's error body: the errorId of
 * the most specific rule broken, else `INVALID_QUERY_PARAMETERS` (bad, missing or unknown
 * parameters, limits of docs/service.md §8). Every issue is listed in `errorPayload.issues`.
 * @see docs/service.md §4.4, §4.5, §7, §8
 */
export function mapIssuesToError(issues: z.core.$ZodIssue[]): SimErrorBody {
  const listed = issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  for (const rule of RULES) {
    const issue = issues.find(rule.matches)
    if (issue) {
      return simErrorBody(rule.errorId, `${issue.path.join('.')}: ${issue.message}`, {
        issues: listed,
      })
    }
  }
  const first = listed[0]
  const message = first ? `${first.path || '(request)'}: ${first.message}` : 'invalid request'
  return simErrorBody('INVALID_QUERY_PARAMETERS', message, { issues: listed })
}
