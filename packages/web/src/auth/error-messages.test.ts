import { AUTH_ERROR_CATALOGUE, AuthError, COGNITO_ERROR_CATALOGUE } from '@steward/auth-core';
import { describe, expect, it } from 'vitest';
import { FieldProblem, describeAuthError, errorFor } from './error-messages';

// API names and jargon a person should never read on screen.
const JARGON = /Exception|signIn|signUp|confirm[A-Z]|challengeResponse|undefined|null|\bAPI\b/;

describe('describeAuthError', () => {
  it.each(Object.keys(AUTH_ERROR_CATALOGUE))('words auth-core error %s for a person', (name) => {
    const friendly = describeAuthError(new AuthError({ name, message: (AUTH_ERROR_CATALOGUE as Record<string, { message: string }>)[name]?.message ?? '' }));
    expect(friendly.name).toBe(name);
    expect(friendly.message.length).toBeGreaterThan(5);
    expect(friendly.message).not.toMatch(JARGON);
    expect(friendly.detail ?? '').not.toMatch(JARGON);
  });

  it.each(Object.keys(COGNITO_ERROR_CATALOGUE))('words provider error %s for a person', (name) => {
    const friendly = describeAuthError(new AuthError({ name, message: (COGNITO_ERROR_CATALOGUE as Record<string, { message: string }>)[name]?.message ?? '' }));
    expect(friendly.message.length).toBeGreaterThan(5);
    expect(friendly.message).not.toMatch(JARGON);
  });

  it('puts empty-field errors next to their field', () => {
    expect(describeAuthError(new AuthError({ name: 'EmptySignInUsername', message: 'username is required to signIn' }))).toMatchObject({ field: 'username', message: 'Enter your username or email address.' });
    expect(describeAuthError(new AuthError({ name: 'EmptyConfirmResetPasswordNewPassword', message: '' })).field).toBe('newPassword');
    expect(describeAuthError(new AuthError({ name: 'CodeMismatchException', message: '' })).field).toBe('code');
  });

  it('tells the situations behind NotAuthorizedException apart', () => {
    const words = (message: string) => describeAuthError(new AuthError({ name: 'NotAuthorizedException', message }));
    expect(words('Incorrect username or password.')).toMatchObject({ field: 'password', message: 'Incorrect username or password.' });
    expect(words('Password attempts exceeded')).toMatchObject({ field: 'form', message: 'Too many wrong passwords.' });
    expect(words('User is disabled.')).toMatchObject({ message: 'This account is disabled.' });
    expect(words('Invalid session for the user, session is expired.')).toMatchObject({ message: 'This sign-in took too long.' });
    // The server's answer to a passkey that is not the user's: the screen must not talk about a password.
    expect(words('The passkey could not be verified.')).toMatchObject({ field: 'form', message: 'This passkey could not be verified.' });
  });

  it('calls a failed fetch a network error', () => {
    expect(describeAuthError(new TypeError('Failed to fetch'))).toMatchObject({ name: 'NetworkError', message: 'Network Error: Steward cannot reach the server.' });
  });

  it('keeps a provider message it has no words for, and never shows a blank error', () => {
    expect(describeAuthError(new AuthError({ name: 'SomethingNewException', message: 'The new thing failed.' })).message).toBe('The new thing failed.');
    expect(describeAuthError('weird').message).toBe('Authentication Error: something went wrong.');
  });

  it('passes a screen’s own field problem through', () => {
    expect(describeAuthError(new FieldProblem('email', 'Enter your email address.'))).toEqual({ name: 'FieldProblem', field: 'email', message: 'Enter your email address.' });
  });
});

describe('errorFor', () => {
  it('returns the message only for the fields it concerns', () => {
    const error = describeAuthError(new AuthError({ name: 'EmptySignInPassword', message: '' }));
    expect(errorFor(error, 'password')).toBe('Enter your password.');
    expect(errorFor(error, 'username')).toBeUndefined();
    expect(errorFor(error, ['username', 'password'])).toBe('Enter your password.');
    expect(errorFor(null, 'password')).toBeUndefined();
  });
});
