DROP FUNCTION commit_inputs;
