/* sweep/commands/commands.h - subcommands that live in their own file and parse their own options.
 *
 * Adding one: write `int js_cmd_<name>(int argc, char **argv)` (argv[0] is the command name;
 * return the exit status: 0 ok, 1 run-time error, 2 usage error; print errors as one line
 * "jumpsweep: ..." on stderr), declare it here, and add one line to js_commands[] in cli.c. */
#ifndef JS_COMMANDS_H
#define JS_COMMANDS_H

typedef int (*js_command_fn)(int argc, char **argv);

typedef struct js_command {
	const char *name;
	js_command_fn fn;
	const char *summary; /* one line for --help */
} js_command;

int js_cmd_check(int argc, char **argv);
int js_cmd_explain(int argc, char **argv);
int js_cmd_find(int argc, char **argv);

/* js_claims_validate (the claims fuzz harness) lives in the engine. */
#include "claims.h"

#endif
