/**
 * The contexts an account's secrets are sealed under (`SecretBox`): a sealed value opens only
 * for the user and the purpose it was sealed for.
 */

/** Context of a user's client secret. */
export const clientSecretContext = (userId: string) => `users.client_secret:${userId}`;
/** Context of a user's webhook signing secret. */
export const webhookSecretContext = (userId: string) => `users.webhook_secret:${userId}`;
