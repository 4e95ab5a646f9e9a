import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../domain/audit';

const choices = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

export const ACTION_CHOICES = choices(AUDIT_ACTIONS);
export const RESOURCE_CHOICES = choices(AUDIT_RESOURCES);

/** The catalogue key of an action or resource, or the raw value when the trail has a new one. */
export const actionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
export const resourceLabel = (resource: string) => AUDIT_RESOURCES[resource] ?? resource;
