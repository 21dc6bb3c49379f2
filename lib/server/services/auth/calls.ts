import 'server-only';
import { openCall, type CallTable } from '../../gateway/types';
import { changeLogin } from './change-login';
import { confirmEmail } from './confirm-email';
import { confirmPhone } from './confirm-phone';
import { getLoginProviders } from './get-login-providers';
import { getPublicKey, getRecaptchaSiteKey } from './get-public-key';
import { getUserInfo } from './get-user-info';
import { login } from './login';
import { logout } from './logout';
import { getOAuthLink, oauthLogin } from './oauth';
import { regenerateTokens } from './regenerate-tokens';
import { registerAccount } from './register';
import { checkPasswordResetToken, resetPassword } from './reset-password';
import { sendConfirmCode } from './send-confirm-code';
import { sendEmailConfirmationLink } from './send-email-confirmation-link';
import { sendPasswordResetLink } from './send-password-reset-link';
import { telegramLogin } from './telegram-login';
import { updateUserInfo } from './update-user-info';

/** auth-back v2 calls. */
export const authCalls = {
  getPublicKey: openCall(getPublicKey),
  getRecaptchaSiteKey: openCall(getRecaptchaSiteKey),
  register: openCall(registerAccount),
  login: openCall(login),
  sendConfirmCode: openCall(sendConfirmCode),
  regenerateTokens: openCall(regenerateTokens),
  logout: openCall(logout),
  getUserInfo,
  updateUserInfo,
  changeLogin,
  sendEmailConfirmationLink,
  confirmEmail: openCall(confirmEmail),
  sendPasswordResetLink: openCall(sendPasswordResetLink),
  resetPassword: openCall(resetPassword),
  checkPasswordResetToken: openCall(checkPasswordResetToken),
  confirmPhone,
  telegramLogin: openCall(telegramLogin),
  getOAuthLink: openCall(getOAuthLink),
  oauthLogin: openCall(oauthLogin),
  getLoginProviders: openCall(getLoginProviders),
} satisfies CallTable;
