-- reserved slot; filled by its issue
SELECT 1;
