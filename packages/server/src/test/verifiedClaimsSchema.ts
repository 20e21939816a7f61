import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const schemaRoot = fileURLToPath(new URL('./oidc4ida', import.meta.url));

/**
 * Validators of the OpenID Connect for Identity Assurance JSON schemas (responses and the
 * claims request parameter), from the standard's own files.
 */
export function identityAssuranceSchemas() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const name of ['claims_schema', 'verified_claims_request', 'verified_claims'])
    ajv.addSchema(JSON.parse(readFileSync(`${schemaRoot}/${name}.json`, 'utf8')) as object);
  const response = ajv.getSchema(
    'https://bitbucket.org/openid/ekyc-ida/raw/master/schema/verified_claims.json',
  )!;
  const request = ajv.getSchema(
    'https://bitbucket.org/openid/ekyc-ida/raw/master/schema/verified_claims_request.json',
  )!;
  return { response, request, errors: () => ajv.errorsText(response.errors) };
}
