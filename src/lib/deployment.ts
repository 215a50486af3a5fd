/**
 * @module
 * The two switches both workers share, read so that they fail closed: ENVIRONMENT says where the worker runs
 * and REQUIRE_AUTH whether API keys are checked. Protection comes off only when development is stated
 * explicitly: ENVIRONMENT exactly "development" (and, for the API keys, REQUIRE_AUTH exactly "false").
 *
 * - ENVIRONMENT: "production" or "development", exactly. Anything else, unset included, is a configuration error.
 * - REQUIRE_AUTH: "true" or "false", exactly; unset means "true". Anything else ("TRUE", "yes", "") is a
 *   configuration error. "false" turns auth off in development only; production always checks keys.
 *
 * A configuration error is a 500 `configuration_error` whose body names nothing internal; the log line of the
 * failed request names the setting and its value.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'

export interface DeploymentBindings {
  ENVIRONMENT?: string
  REQUIRE_AUTH?: string
}

export interface Deployment {
  readonly environment: 'development' | 'production'
  /** Whether API keys are checked: everywhere but in development with REQUIRE_AUTH "false". */
  readonly authRequired: boolean
}

/** What the requester sees of a configuration error: nothing internal. */
export const CONFIGURATION_ERROR_MESSAGE = 'The service is misconfigured and refuses requests until it is fixed. Contact its operator with the request_id.'

/** The cause logged with a configuration error (never shown to the requester). */
export class ConfigurationError extends Error {
  readonly setting: string

  constructor(setting: string, value: string | undefined, expected: string) {
    super(`${setting} is ${value === undefined ? 'unset' : JSON.stringify(value.slice(0, 40))}; expected ${expected}`)
    this.setting = setting
    this.name = 'ConfigurationError'
  }
}

/**
 * The 500 every configuration error becomes; `setting` and its value go to the cause (logged), not to the body.
 *
 * @example
 * throw configurationError(new ConfigurationError('ENVIRONMENT', 'staging', '"development" or "production"'))
 */
export function configurationError(cause: ConfigurationError): ApiError {
  return new ApiError(500, 'configuration_error', CONFIGURATION_ERROR_MESSAGE, { cause })
}

function parse(env: DeploymentBindings): Deployment | ConfigurationError {
  const environment = env.ENVIRONMENT
  if (environment !== 'development' && environment !== 'production') {
    return new ConfigurationError('ENVIRONMENT', environment, '"development" or "production"')
  }
  const requireAuth = env.REQUIRE_AUTH
  if (requireAuth !== undefined && requireAuth !== 'true' && requireAuth !== 'false') {
    return new ConfigurationError('REQUIRE_AUTH', requireAuth, '"true" or "false"')
  }
  return { environment, authRequired: !(environment === 'development' && requireAuth === 'false') }
}

const parsed = new WeakMap<object, Deployment | ConfigurationError>()

/**
 * The worker's deployment switches, parsed once per env object; throws the 500 `configuration_error` when
 * either is not one of its exact values.
 *
 * @example
 * deployment({ ENVIRONMENT: 'development', REQUIRE_AUTH: 'false' }) // { environment: 'development', authRequired: false }
 * deployment({ ENVIRONMENT: 'production', REQUIRE_AUTH: 'TRUE' }) // throws ApiError 500 configuration_error
 */
export function deployment(env: DeploymentBindings | undefined): Deployment {
  let result = env === undefined ? undefined : parsed.get(env)
  if (result === undefined) {
    result = parse(env ?? {})
    if (env !== undefined) parsed.set(env, result)
  }
  if (result instanceof ConfigurationError) throw configurationError(result)
  return result
}

/**
 * Refuses every request with a 500 `configuration_error` while ENVIRONMENT or REQUIRE_AUTH has no exact
 * meaning, so a worker with a mistyped switch is visibly broken rather than silently open.
 *
 * @example
 * app.use(requireDeploymentSettings())
 */
export function requireDeploymentSettings(): MiddlewareHandler<{ Bindings: DeploymentBindings }> {
  return async (c, next) => {
    deployment(c.env)
    await next()
  }
}
