/* kernels/isa.h - the instruction-set paths a lane kernel is compiled for, and run-time dispatch.
 *
 * Every lane kernel source is compiled once per ISA (CMakeLists.txt adds one object library per
 * ISA with that ISA's flags and -DJS_LANE_ISA=<index> -DJS_LANE_SUFFIX=<suffix>), the way
 * libdeflate instantiates one template per target.  js_isa_select() picks the best path the CPU
 * has, unless overridden by --isa or the JUMPSWEEP_ISA environment variable.
 */
#ifndef JS_ISA_H
#define JS_ISA_H

typedef enum js_isa {
	JS_ISA_SCALAR = 0, /* no auto-vectorisation: one lane at a time */
	JS_ISA_SSE4 = 1,   /* x86-64 SSE4.2, 128-bit */
	JS_ISA_AVX2 = 2,   /* AVX2 + BMI2, 256-bit */
	JS_ISA_AVX512 = 3, /* AVX-512 F/BW/DQ/VL, 512-bit */
	JS_ISA_COUNT
} js_isa;

const char *js_isa_name(js_isa isa);
/* Parse "scalar" / "sse4" / "avx2" / "avx512"; returns -1 if unknown. */
int js_isa_parse(const char *name);
/* 1 if this build has the path and this CPU can run it. */
int js_isa_available(js_isa isa);
/* The best available path. */
js_isa js_isa_best(void);
/* The path in use: set by js_isa_set(), else $JUMPSWEEP_ISA, else js_isa_best().  An unknown or
 * unavailable $JUMPSWEEP_ISA is reported once on stderr and ignored. */
js_isa js_isa_current(void);
/* Force a path; returns 0, or -1 if it is not available here. */
int js_isa_set(js_isa isa);

/* Naming of lane kernels: smb1_lane_avx2 etc. */
#define JS_LANE_FN_NAME_(id, suffix) id##_lane##suffix
#define JS_LANE_FN_NAME(id, suffix) JS_LANE_FN_NAME_(id, suffix)

#if defined(__x86_64__) || defined(_M_X64)
#define JS_HAVE_X86_PATHS 1
#define JS_LANE_DECLARE(id)                                                                        \
	void id##_lane_scalar(const struct js_lane_args *);                                        \
	void id##_lane_sse4(const struct js_lane_args *);                                          \
	void id##_lane_avx2(const struct js_lane_args *);                                          \
	void id##_lane_avx512(const struct js_lane_args *)
#define JS_LANE_TABLE(id) { id##_lane_scalar, id##_lane_sse4, id##_lane_avx2, id##_lane_avx512 }
#else
#define JS_HAVE_X86_PATHS 0
#define JS_LANE_DECLARE(id) void id##_lane_scalar(const struct js_lane_args *)
#define JS_LANE_TABLE(id) { id##_lane_scalar, 0, 0, 0 }
#endif

#endif
