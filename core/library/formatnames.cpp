#include "library/formatnames.h"

#include <array>

namespace opsinfo {

namespace {

constexpr std::array<std::string_view, 53> kGeSerialFormats {
    "NCHW",
    "NHWC",
    "ND",
    "NC1HWC0",
    "FRACTAL_Z",
    "NC1C0HWPAD",
    "NHWC1C0",
    "FSR_NCHW",
    "FRACTAL_DECONV",
    "C1HWNC0",
    "FRACTAL_DECONV_TRANSPOSE",
    "FRACTAL_DECONV_SP_STRIDE_TRANS",
    "NC1HWC0_C04",
    "FRACTAL_Z_C04",
    "CHWN",
    "DECONV_SP_STRIDE8_TRANS",
    "NC1KHKWHWC0",
    "BN_WEIGHT",
    "FILTER_HWCK",
    "HWCN",
    "LOOKUP_LOOKUPS",
    "LOOKUP_KEYS",
    "LOOKUP_VALUE",
    "LOOKUP_OUTPUT",
    "LOOKUP_HITS",
    "MD",
    "C1HWNCoC0",
    "FRACTAL_NZ",
    "FRACTAL_NZ_C0_16",
    "FRACTAL_NZ_C0_32",
    "FRACTAL_NZ_C0_2",
    "FRACTAL_NZ_C0_4",
    "FRACTAL_NZ_C0_8",
    "NDHWC",
    "NCDHW",
    "DHWCN",
    "DHWNC",
    "NDC1HWC0",
    "FRACTAL_Z_3D",
    "FRACTAL_Z_3D_TRANSPOSE",
    "CN",
    "NC",
    "FRACTAL_ZN_LSTM",
    "FRACTAL_Z_G",
    "ALL",
    "NULL",
    "ND_RNN_BIAS",
    "FRACTAL_ZN_RNN",
    "NYUV",
    "NYUV_A",
    "NCL",
    "FRACTAL_Z_WINO",
    "C1HWC0",
};

constexpr std::array<std::string_view, 42> kIniScriptFormats {
    "NCHW",
    "NHWC",
    "ND",
    "NC1HWC0",
    "FRACTAL_Z",
    "NC1C0HWPAD",
    "NHWC1C0",
    "FSR_NCHW",
    "FRACTAL_DECONV",
    "C1HWNC0",
    "FRACTAL_DECONV_TRANSPOSE",
    "FRACTAL_DECONV_SP_STRIDE_TRANS",
    "NC1HWC0_C04",
    "FRACTAL_Z_C04",
    "CHWN",
    "FRACTAL_DECONV_SP_STRIDE8_TRANS",
    "HWCN",
    "NC1KHKWHWC0",
    "BN_WEIGHT",
    "FILTER_HWCK",
    "HASHTABLE_LOOKUP_LOOKUPS",
    "HASHTABLE_LOOKUP_KEYS",
    "HASHTABLE_LOOKUP_VALUE",
    "HASHTABLE_LOOKUP_OUTPUT",
    "HASHTABLE_LOOKUP_HITS",
    "C1HWNCoC0",
    "MD",
    "NDHWC",
    "FRACTAL_ZZ",
    "FRACTAL_NZ",
    "NCDHW",
    "DHWCN",
    "NDC1HWC0",
    "FRACTAL_Z_3D",
    "CN",
    "NC",
    "DHWNC",
    "FRACTAL_Z_3D_TRANSPOSE",
    "FRACTAL_ZN_LSTM",
    "FRACTAL_ZN_RNN",
    "FRACTAL_Z_G",
    "NULL",
};

} // namespace

std::span<const std::string_view> geSerialFormatNames()
{
    return kGeSerialFormats;
}

std::span<const std::string_view> iniScriptFormatNames()
{
    return kIniScriptFormats;
}

} // namespace opsinfo
