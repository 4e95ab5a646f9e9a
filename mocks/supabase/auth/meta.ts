import type { StandInContext } from '../context';
/** GET /settings: what this stand-in supports (email + password; confirmations as config.toml says). */
export const handleSettings = async (_request: Request, ctx: StandInContext) =>
  Response.json({
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: ctx.auth.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });

export const handleHealth = async () =>
  Response.json({
    version: 'labellens-stand-in',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });

/** An HS256 project publishes no public keys. */
export const handleJwks = async () => Response.json({ keys: [] });
