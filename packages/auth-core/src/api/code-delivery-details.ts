import type { CodeDeliveryDetailsType } from '../cognito/user-pool-operations.js';
import type { AuthCodeDeliveryDetails, AuthDeliveryMedium } from './types.js';

const MEDIA: readonly AuthDeliveryMedium[] = ['EMAIL', 'SMS', 'PHONE', 'UNKNOWN'];

/** Converts Cognito's CodeDeliveryDetails into aws-amplify's codeDeliveryDetails shape. */
export function toCodeDeliveryDetails<Key extends string = string>(details: CodeDeliveryDetailsType | undefined): AuthCodeDeliveryDetails<Key> {
  const result: AuthCodeDeliveryDetails<Key> = {};
  if (details === undefined) return result;
  if (details.Destination !== undefined) result.destination = details.Destination;
  if (details.DeliveryMedium !== undefined) {
    result.deliveryMedium = (MEDIA as readonly string[]).includes(details.DeliveryMedium)
      ? (details.DeliveryMedium as AuthDeliveryMedium)
      : 'UNKNOWN';
  }
  if (details.AttributeName !== undefined) result.attributeName = details.AttributeName as Key;
  return result;
}
