-- Custom SQL migration file, put your code below! --
-- The official legal basis of every seeded rate (filled in by the next commit).
SELECT 1;
