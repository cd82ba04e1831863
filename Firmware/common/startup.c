// Start-up code shared by every board: the vector table, the reset handler that prepares RAM and calls the
// Swift `main`, and the few C library functions the Embedded Swift runtime and the compiler expect
// (memory copies and fills, an allocator, the stack protector's guard).
#include <stddef.h>
#include <stdint.h>

extern uint32_t __data_load, __data_start, __data_end, __bss_start, __bss_end, __stack_top;
extern uint8_t __heap_start, __heap_end;
extern int main(int argc, char **argv);

__attribute__((no_builtin)) void *memset(void *destination, int value, size_t count) {
    uint8_t *d = destination;
    while (count--) *d++ = (uint8_t)value;
    return destination;
}

__attribute__((no_builtin)) void *memcpy(void *restrict destination, const void *restrict source, size_t count) {
    uint8_t *d = destination;
    const uint8_t *s = source;
    // Word copies when both ends are aligned: frames are copied on every packet.
    if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
        for (; count >= 4; count -= 4, d += 4, s += 4) *(uint32_t *)d = *(const uint32_t *)s;
    }
    while (count--) *d++ = *s++;
    return destination;
}

__attribute__((no_builtin)) void *memmove(void *destination, const void *source, size_t count) {
    uint8_t *d = destination;
    const uint8_t *s = source;
    if (d == s || count == 0) return destination;
    if (d < s || d >= s + count) return memcpy(destination, source, count);
    while (count--) d[count] = s[count];
    return destination;
}

__attribute__((no_builtin)) int memcmp(const void *left, const void *right, size_t count) {
    const uint8_t *l = left, *r = right;
    for (; count; count--, l++, r++) {
        if (*l != *r) return *l < *r ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *text) {
    size_t count = 0;
    while (text[count]) count++;
    return count;
}

// The ARM EABI names clang uses for the same operations.
void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int v) { memset(d, v, n); }
void __aeabi_memset4(void *d, size_t n, int v) { memset(d, v, n); }
void __aeabi_memset8(void *d, size_t n, int v) { memset(d, v, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }

// 64-bit shifts, which the compiler leaves to the run-time library on 32-bit ARM. Written on 32-bit halves
// so that they do not call themselves.
typedef union {
    uint64_t whole;
    struct { uint32_t low, high; } half;
} split64;

uint64_t __aeabi_llsl(uint64_t value, int shift) {
    split64 in = {.whole = value}, out;
    if (shift >= 32) {
        out.half.high = in.half.low << (shift - 32);
        out.half.low = 0;
    } else if (shift == 0) {
        return value;
    } else {
        out.half.high = (in.half.high << shift) | (in.half.low >> (32 - shift));
        out.half.low = in.half.low << shift;
    }
    return out.whole;
}

uint64_t __aeabi_llsr(uint64_t value, int shift) {
    split64 in = {.whole = value}, out;
    if (shift >= 32) {
        out.half.low = in.half.high >> (shift - 32);
        out.half.high = 0;
    } else if (shift == 0) {
        return value;
    } else {
        out.half.low = (in.half.low >> shift) | (in.half.high << (32 - shift));
        out.half.high = in.half.high >> shift;
    }
    return out.whole;
}

int64_t __aeabi_lasr(int64_t value, int shift) {
    split64 in = {.whole = (uint64_t)value}, out;
    if (shift >= 32) {
        out.half.low = (uint32_t)((int32_t)in.half.high >> (shift - 32));
        out.half.high = (uint32_t)((int32_t)in.half.high >> 31);
    } else if (shift == 0) {
        return value;
    } else {
        out.half.low = (in.half.low >> shift) | (in.half.high << (32 - shift));
        out.half.high = (uint32_t)((int32_t)in.half.high >> shift);
    }
    return (int64_t)out.whole;
}

uintptr_t __stack_chk_guard = 0x595e9fbd;

static void halt(void) {
    for (;;) __asm__ volatile("bkpt #0");
}

void __stack_chk_fail(void) { halt(); }

// The panel allocates its buffers once at start-up and never frees them, so a bump allocator over the
// linker's heap region is all it needs; `free` keeps the memory. `heap_used_bytes` lets a board report it.
static uint8_t *heap_next = &__heap_start;

size_t heap_used_bytes(void) { return (size_t)(heap_next - &__heap_start); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *)) alignment = sizeof(void *);
    uintptr_t start = ((uintptr_t)heap_next + alignment - 1) & ~(uintptr_t)(alignment - 1);
    if (start + size > (uintptr_t)&__heap_end) return 12; // ENOMEM
    heap_next = (uint8_t *)(start + size);
    *result = (void *)start;
    return 0;
}

void *malloc(size_t size) {
    void *result = NULL;
    return posix_memalign(&result, 8, size) == 0 ? result : NULL;
}

void free(void *pointer) { (void)pointer; }

void Reset_Handler(void) {
    uint32_t *source = &__data_load;
    for (uint32_t *d = &__data_start; d < &__data_end;) *d++ = *source++;
    for (uint32_t *d = &__bss_start; d < &__bss_end;) *d++ = 0;
#if defined(__ARM_FP)
    // Grant full access to the FPU (CP10, CP11) before any floating-point instruction runs.
    *(volatile uint32_t *)0xE000ED88 |= 0xFu << 20;
    __asm__ volatile("dsb\n isb");
#endif
    main(0, 0);
    halt();
}

void Default_Handler(void) { halt(); }

void NMI_Handler(void) __attribute__((weak, alias("Default_Handler")));
void HardFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void SysTick_Handler(void) __attribute__((weak, alias("Default_Handler")));

// Core exceptions only: the boards poll their peripherals, so no device interrupt is enabled.
__attribute__((section(".vectors"), used)) const void *const vector_table[16] = {
    &__stack_top,     (void *)Reset_Handler, (void *)NMI_Handler, (void *)HardFault_Handler,
    (void *)Default_Handler, (void *)Default_Handler, (void *)Default_Handler, 0, 0, 0, 0,
    (void *)Default_Handler, (void *)Default_Handler, 0, (void *)Default_Handler, (void *)SysTick_Handler,
};
