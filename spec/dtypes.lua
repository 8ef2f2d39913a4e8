-- Element types, in the order of `pto_dtype` in the public C interface (docs/contract.md).
-- f16 and bf16 are stored as their 16-bit patterns; `upstream` is the PTO-ISA C++ name.
dtype { name = "f32",  enum = "PTO_F32",  class = "float",    bits = 32, exponent_bits = 8, fraction_bits = 23, upstream = "float" }
dtype { name = "f16",  enum = "PTO_F16",  class = "float",    bits = 16, exponent_bits = 5, fraction_bits = 10, upstream = "half" }
dtype { name = "bf16", enum = "PTO_BF16", class = "float",    bits = 16, exponent_bits = 8, fraction_bits = 7,  upstream = "bfloat16_t" }
dtype { name = "i32",  enum = "PTO_I32",  class = "signed",   bits = 32, upstream = "int32_t" }
dtype { name = "u32",  enum = "PTO_U32",  class = "unsigned", bits = 32, upstream = "uint32_t" }
dtype { name = "i16",  enum = "PTO_I16",  class = "signed",   bits = 16, upstream = "int16_t" }
dtype { name = "u16",  enum = "PTO_U16",  class = "unsigned", bits = 16, upstream = "uint16_t" }
dtype { name = "i8",   enum = "PTO_I8",   class = "signed",   bits = 8,  upstream = "int8_t" }
dtype { name = "u8",   enum = "PTO_U8",   class = "unsigned", bits = 8,  upstream = "uint8_t" }
-- Conversion endpoints (conversion_only: only a kind that converts, spec/kinds.lua `converts`,
-- i.e. TCVT, may list them). f8e4m3 is OCP E4M3FN: `finite`, no infinity; exponent field 15 is
-- normal, and only S.1111.111 is NaN (max finite 448). f8e5m2 is IEEE-like (infinities, NaNs).
dtype { name = "i64",    enum = "PTO_I64",    class = "signed", bits = 64, upstream = "int64_t", conversion_only = true }
dtype { name = "f8e4m3", enum = "PTO_F8E4M3", class = "float",  bits = 8, exponent_bits = 4, fraction_bits = 3, finite = true,
        upstream = "float8_e4m3_t", conversion_only = true }
dtype { name = "f8e5m2", enum = "PTO_F8E5M2", class = "float",  bits = 8, exponent_bits = 5, fraction_bits = 2,
        upstream = "float8_e5m2_t", conversion_only = true }
