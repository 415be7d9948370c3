// Placeholder until the first AuditTests land.
import Testing
