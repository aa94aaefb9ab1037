/**
 * What a completed login answers, the one place it is built: login, registration and the second
 * factor's login (POST /client/v1/login/mfa) all answer the tokens this way (schema: tokenResponse).
 */
import { success } from "./respond";

export const loginAnswer = (token: string, status: 200 | 201 = 200): Response => success({ token }, status);
