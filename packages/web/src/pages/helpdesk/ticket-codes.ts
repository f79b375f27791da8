// Code tables of helpdesk tickets (TicketMdl): what status and priority hold, and their labels.
import type { CodeTable } from '../entities/code-tables';

/** TicketMdl.status, in workflow order. */
export const TICKET_STATUS: CodeTable = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  WAITING: 'Waiting',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

/** TicketMdl.priority, lowest first. */
export const TICKET_PRIORITY: CodeTable = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};
