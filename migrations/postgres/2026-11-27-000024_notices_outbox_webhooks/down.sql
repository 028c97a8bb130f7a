DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
DROP TABLE notices;
DROP TABLE notice_counters;
