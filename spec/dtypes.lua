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
