/* kernels/isa.c - run-time ISA detection and the override. */
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const isa_names[JS_ISA_COUNT] = { "scalar", "sse4", "avx2", "avx512" };

const char *js_isa_name(js_isa isa)
{
	return (unsigned)isa < JS_ISA_COUNT ? isa_names[isa] : "?";
}

int js_isa_parse(const char *name)
{
	for (int i = 0; i < JS_ISA_COUNT; i++)
		if (strcmp(name, isa_names[i]) == 0)
			return i;
	return -1;
}

int js_isa_available(js_isa isa)
{
	switch (isa) {
	case JS_ISA_SCALAR:
		return 1;
#if JS_HAVE_X86_PATHS
	case JS_ISA_SSE4:
		__builtin_cpu_init();
		return __builtin_cpu_supports("sse4.2");
	case JS_ISA_AVX2:
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
	case JS_ISA_AVX512:
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
		       __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
#endif
	default:
		return 0;
	}
}

js_isa js_isa_best(void)
{
	for (int i = JS_ISA_COUNT - 1; i > 0; i--)
		if (js_isa_available((js_isa)i))
			return (js_isa)i;
	return JS_ISA_SCALAR;
}

static int isa_forced = -1;

int js_isa_set(js_isa isa)
{
	if (!js_isa_available(isa))
		return -1;
	isa_forced = (int)isa;
	return 0;
}

js_isa js_isa_current(void)
{
	if (isa_forced >= 0)
		return (js_isa)isa_forced;
	const char *env = getenv("JUMPSWEEP_ISA");
	if (env && *env) {
		int i = js_isa_parse(env);
		if (i >= 0 && js_isa_available((js_isa)i)) {
			isa_forced = i;
			return (js_isa)i;
		}
		fprintf(stderr, "jumpsweep: JUMPSWEEP_ISA=%s is not an available path here; using %s\n",
			env, js_isa_name(js_isa_best()));
	}
	isa_forced = (int)js_isa_best();
	return (js_isa)isa_forced;
}
